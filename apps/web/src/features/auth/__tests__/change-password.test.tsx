import { cleanup, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { accessToken, jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { ChangePasswordFormPanel } from '../components/change-password-form';

const userEvent = userEventLib.setup({ delay: null });

// L5 (issue 18): the change-password screen.
describe('change password', { timeout: 30_000 }, () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.set({ ...makeSession(), access: accessToken() });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('checks the new password before sending, shows the server field errors, then says it is done', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(400, {
          detail: ACCOUNT_MESSAGES.currentPasswordWrong,
          code: 'validation',
          current_password: [ACCOUNT_MESSAGES.currentPasswordWrong],
        }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { detail: ACCOUNT_MESSAGES.passwordChanged }));
    renderWithProviders(<ChangePasswordFormPanel />);
    await userEvent.type(screen.getByLabelText('Current Password'), 'old-password-guess');
    await userEvent.type(screen.getByLabelText('New Password'), 'Short-pw-1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'Short-pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(MESSAGES.password.tooShort)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'Quiet-Harbour-Lights-8');
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'Quiet-Harbour-Lights-8');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/accounts/auth/password/change/');
    expect(JSON.parse(String(init?.body))).toEqual({
      current_password: 'old-password-guess',
      new_password1: 'Quiet-Harbour-Lights-8',
      new_password2: 'Quiet-Harbour-Lights-8',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
  });
});
