import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LICENCE_MESSAGES, type EntryLicence } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { LicencePanel } from '../components/licence-panel';

const userEvent = userEventLib.setup({ delay: null });

const licence: EntryLicence = {
  id: 'lic_abcdefghijklmnopqrstuvwxyz',
  status: 'valid',
  starts_at: '2026-11-01T12:00:00.000Z',
  ends_at: '2028-11-01T12:00:00.000Z',
  channels: ['web', 'tv'],
  territories: ['worldwide'],
  exclusive: false,
  master_sha256: 'a'.repeat(64),
  verify_url: 'http://localhost/licences/lic_abcdefghijklmnopqrstuvwxyz',
  currency: 'USD',
  extensions: [],
};
const proposal = {
  id: 7,
  licence_id: licence.id,
  months: 12,
  fee_cents: 75_000,
  currency: 'USD',
  status: 'proposed' as const,
  proposed_at: '2026-11-20T12:00:00.000Z',
  decided_at: null,
};

/** Answers GETs with `current` and records POSTs (url and body). */
function stubApi(current: () => EntryLicence, posts: Array<{ url: string; body: unknown }>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : null });
        return jsonResponse(String(input).includes('/extensions/') ? 201 : 200, proposal);
      }
      return jsonResponse(200, current());
    }),
  );
}

describe('the licence panel of a placed entry', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the brand proposes an extension (months and fee, bounded in the spec’s words)', async () => {
    const posts: Array<{ url: string; body: unknown }> = [];
    stubApi(() => licence, posts);
    renderWithProviders(<LicencePanel entryId={3} canPropose canAnswer={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Propose extension' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose extension' });
    const months = within(dialog).getByRole('spinbutton', { name: /Months/ });
    await userEvent.clear(months);
    await userEvent.type(months, '61');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose extension' }));
    expect(within(dialog).getByText(LICENCE_MESSAGES.extensionMonthsRange)).toBeInTheDocument();
    await userEvent.clear(months);
    await userEvent.type(months, '12');
    const fee = within(dialog).getByRole('textbox', { name: /Fee/ });
    await userEvent.clear(fee);
    await userEvent.type(fee, '750');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose extension' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          url: expect.stringContaining(`/api/licences/${licence.id}/extensions/`),
          body: { months: 12, fee_cents: 75_000 },
        },
      ]),
    );
  });

  it('the creator sees the proposal and accepts it', async () => {
    const posts: Array<{ url: string; body: unknown }> = [];
    stubApi(() => ({ ...licence, extensions: [proposal] }), posts);
    renderWithProviders(<LicencePanel entryId={3} canPropose={false} canAnswer />);
    expect(await screen.findByText('Extension proposed: 12 months for $750.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose extension' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(posts.map((p) => p.url)).toEqual([expect.stringContaining('/api/licence-extensions/7/accept/')]),
    );
  });
});
