import { cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRAND_TEAM_MESSAGES,
  INVITATION_MESSAGES,
  INVITATION_PAGE_TEXTS,
  MESSAGES,
  type InvitationPreview,
} from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { accessToken, jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { AcceptInvitationForm } from '../components/accept-invitation-form';

const userEvent = userEventLib.setup({ delay: null });

const preview: InvitationPreview = {
  email: 'maya@hbada.example',
  role: 'brand',
  company_name: 'Hbada',
  brand_role: 'reviewer',
  account: 'new',
  expires_at: '2026-12-01T00:00:00Z',
};

describe('accepting an invitation', () => {
  const assign = vi.fn();
  beforeEach(() => {
    sessionStore.clear();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    assign.mockReset();
    sessionStore.clear();
  });

  it('says who is invited as what, checks the password rules, then signs in and opens the role home', async () => {
    const session = makeSession({ role: 'brand', user: { email: preview.email } });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/accept/')
        ? jsonResponse(200, { ...session, access: accessToken() })
        : jsonResponse(200, preview),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AcceptInvitationForm token="tok123" />);
    expect(await screen.findByText(/is invited to join as a reviewer of Hbada/)).toHaveTextContent(
      'maya@hbada.example is invited to join as a reviewer of Hbada. Choose a password to finish.',
    );
    expect(
      screen.getByRole('form', { name: INVITATION_PAGE_TEXTS.newAccount.formLabel }),
    ).toBeInTheDocument();
    expect(
      screen.queryByLabelText(INVITATION_PAGE_TEXTS.existingAccount.passwordLabel),
    ).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), '123456789012');
    await userEvent.type(screen.getByLabelText('Confirm Password'), '123456789010');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByText(MESSAGES.password.entirelyNumeric)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.registration.passwordsDoNotMatch)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Velvet-Lantern-4821');
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Velvet-Lantern-4821');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/brand-dashboard'));
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe('/api/accounts/invitations/tok123/accept/');
    expect(JSON.parse(String(init.body))).toEqual({
      password: 'Velvet-Lantern-4821',
      confirm_password: 'Velvet-Lantern-4821',
    });
    expect(sessionStore.get()?.user.role).toBe('brand');
  });

  it('an existing brand account of no brand gives its current password (nothing to confirm) and joins', async () => {
    const existing: InvitationPreview = { ...preview, email: 'back@hbada.example', account: 'existing' };
    const session = makeSession({ role: 'brand', user: { email: existing.email } });
    let attempts = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (!String(input).endsWith('/accept/')) return jsonResponse(200, existing);
      attempts += 1;
      return attempts === 1
        ? jsonResponse(400, { password: [BRAND_TEAM_MESSAGES.wrongPassword] })
        : jsonResponse(200, { ...session, access: accessToken() });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AcceptInvitationForm token="tok456" />);
    const form = await screen.findByRole('form', { name: INVITATION_PAGE_TEXTS.existingAccount.formLabel });
    expect(form).toHaveTextContent(
      'back@hbada.example already has an account, invited to join as a reviewer of Hbada.',
    );
    expect(screen.getByText(INVITATION_PAGE_TEXTS.existingAccount.hint)).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    expect(screen.queryByText(/Choose a password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: INVITATION_PAGE_TEXTS.existingAccount.forgot })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const password = screen.getByLabelText(INVITATION_PAGE_TEXTS.existingAccount.passwordLabel);
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    const submit = screen.getByRole('button', { name: INVITATION_PAGE_TEXTS.existingAccount.submit });
    await userEvent.click(submit);
    expect(await screen.findByText(MESSAGES.registration.required)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // No password rules here: it is the account's own password, whatever it is.
    await userEvent.type(password, 'short');
    await userEvent.click(submit);
    expect(await screen.findByText(BRAND_TEAM_MESSAGES.wrongPassword)).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'My-Old-Password-1');
    await userEvent.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/brand-dashboard'));
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe('/api/accounts/invitations/tok456/accept/');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'My-Old-Password-1' });
  });

  it('a used or expired link says so plainly and offers sign-in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(410, { detail: INVITATION_MESSAGES.expired, code: 'invitation_expired' }),
      ),
    );
    renderWithProviders(<AcceptInvitationForm token="old" />);
    expect(await screen.findByText(INVITATION_MESSAGES.expired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
