import { cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAPERWORK_MESSAGES } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { PayeeForm } from '../components/payee-form';

const userEvent = userEventLib.setup({ delay: null });

describe('payee details form (issue 31)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'creator' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('checks the fields as the server does, sends the taxpayer id once and shows only its last four', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return jsonResponse(200, {
            legal_name: 'Noor Haddad',
            country: 'DE',
            address: 'Schillerstrasse 12, Berlin',
            tax_form: 'W-8BEN',
            tax_id_last4: '0938',
            updated_at: '2026-11-27T10:00:00.000Z',
          });
        }
        return jsonResponse(200, null);
      }),
    );
    renderWithProviders(<PayeeForm />);
    await screen.findByRole('form', { name: 'Payee details' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Legal name' }), 'Noor Haddad');
    await userEvent.type(screen.getByRole('textbox', { name: 'Country' }), 'de');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Postal address' }),
      'Schillerstrasse 12, Berlin',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Taxpayer id' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save payee details' }));
    expect(await screen.findByText(PAPERWORK_MESSAGES.taxId)).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Taxpayer id' }), '-4471-0938');
    await userEvent.click(screen.getByRole('button', { name: 'Save payee details' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          legal_name: 'Noor Haddad',
          country: 'DE',
          address: 'Schillerstrasse 12, Berlin',
          tax_form: 'W-8BEN',
          tax_id: '12-4471-0938',
        },
      ]),
    );
    expect(await screen.findByText(/taxpayer id ending 0938/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Taxpayer id' })).toHaveValue('');
  });
});
