import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { PayoutsPanel } from '../components/payouts-panel';
import type { Earning, PayoutList } from '@app/domain';

const userEvent = userEventLib.setup({ delay: null });

const earning: Earning = {
  earning_id: 41,
  kind: 'prize_awarded',
  user_id: 5,
  creator_name: 'Ines Moreau',
  creator_email: 'ines@example.com',
  contest_id: 2,
  contest_title: 'Zen Chair Films',
  entry_id: 3,
  amount_cents: 500_000,
  currency: 'USD',
  awarded_at: '2026-11-23T12:00:00Z',
  status: 'pending',
  paid_at: null,
  method: null,
  reference: null,
};
const pending: PayoutList = {
  status: 'pending',
  earnings: [earning],
  per_creator: [
    {
      user_id: 5,
      creator_name: 'Ines Moreau',
      creator_email: 'ines@example.com',
      currency: 'USD',
      amount_cents: 500_000,
      earnings: 1,
    },
  ],
};

describe('payouts', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it(
    'lists what is owed per creator and records a payout with method and reference; a 409 is shown',
    { timeout: 60_000 },
    async () => {
      const posts: unknown[] = [];
      let answer409 = false;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
          if (init?.method === 'POST') {
            posts.push(JSON.parse(String(init.body)));
            return answer409
              ? jsonResponse(409, {
                  code: 'already_paid',
                  detail: 'This earning has already been paid; a payout is recorded once.',
                })
              : jsonResponse(201, { id: 1 });
          }
          return jsonResponse(200, pending);
        }),
      );
      renderWithProviders(<PayoutsPanel />);
      const owed = await screen.findByRole('table', { name: 'Owed per creator' });
      expect(owed).toHaveTextContent('$5,000.00');
      answer409 = true;
      await userEvent.click(screen.getByRole('button', { name: 'Record payout to Ines Moreau' }));
      const dialog = screen.getByRole('dialog', { name: 'Record payout' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'SEPA-1');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
      await waitFor(() =>
        expect(posts).toEqual([{ earning_id: 41, method: 'bank_transfer', reference: 'SEPA-1' }]),
      );
      expect(await within(dialog).findByText(/already been paid/)).toBeInTheDocument();
    },
  );

  it('names what each earning is for: a prize or a licence extension', async () => {
    const fee: Earning = { ...earning, earning_id: 42, kind: 'licence_extension', amount_cents: 75_000 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ...pending, earnings: [earning, fee] })),
    );
    renderWithProviders(<PayoutsPanel />);
    expect(await screen.findByText('Licence extension')).toBeInTheDocument();
    expect(screen.getByText('Prize')).toBeInTheDocument();
  });
});
