import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, MESSAGES } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse as json } from '../../../testing/http';
import { LoginFormPanel } from '../components/login-form';
import { ResendVerificationForm } from '../components/resend-verification-form';
import { ResetPasswordFormPanel } from '../components/reset-password-form';
import { VerifyEmailStatus } from '../components/verify-email-status';
import { ForgotPasswordForm } from '../components/forgot-password-form';

const fetchMock = vi.fn<typeof fetch>();
const config = () => json(200, { google_client_id: null, community_url: 'https://chat.example.com' });

const TOKEN = 'abc123-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('account screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('Sign In: an unverified account gets the message and a resend link carrying the address', async () => {
    const user = userEventLib.setup();
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/api/config/')
        ? config()
        : json(403, {
            require_verification: true,
            detail: MESSAGES.login.requireVerification,
            code: 'forbidden',
          }),
    );
    renderWithProviders(<LoginFormPanel />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Velvet-Lantern-4821');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.login.requireVerification)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resend the verification e-mail' })).toHaveAttribute(
      'href',
      '/resend-verification',
    );
    expect(screen.queryByText(MESSAGES.login.incorrect)).not.toBeInTheDocument();
  });

  it('Sign In: the Google button is disabled with an explanation when not configured', async () => {
    fetchMock.mockImplementation(async () => config());
    renderWithProviders(<LoginFormPanel />);
    expect(await screen.findByText(MESSAGES.google.notConfigured)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
  });

  it('Resend: prefilled address, success message from the server', async () => {
    const user = userEventLib.setup();
    fetchMock.mockResolvedValueOnce(json(200, { message: MESSAGES.resend.sent }));
    renderWithProviders(<ResendVerificationForm initialEmail="pre@example.com" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('pre@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(MESSAGES.resend.sent)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ email: 'pre@example.com' });
  });

  it('Forgot password: "Sending..." while busy, then the same success text', async () => {
    const user = userEventLib.setup();
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(json(200, { detail: 'whatever' }));
    expect(await screen.findByText(MESSAGES.forgot.success)).toBeInTheDocument();
  });

  it('Reset password: client rules, then success and a redirect to /login after 3 s', async () => {
    const user = userEventLib.setup();
    fetchMock.mockResolvedValueOnce(json(200, { detail: 'valid' }));
    renderWithProviders(<ResetPasswordFormPanel uidb64="MQ" token={TOKEN} />, {
      path: '/reset',
      route: '/reset',
      routes: { '/login': <p>login page</p> },
    });
    expect(await screen.findByText('Checking your link...')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.password.tooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.registration.passwordsDoNotMatch)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1); // only the link check: nothing sent for invalid input

    fetchMock.mockResolvedValueOnce(json(200, { detail: 'ok' }));
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Copper-Meadow-5519');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Copper-Meadow-5519');
    // The redirect's 3 s pass on a fake clock (which otherwise follows the real one).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.reset.success)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `/api/accounts/auth/password/reset/confirm/MQ/${TOKEN}/`,
    );
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('POST');
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.redirectAfterResetMs));
    await waitFor(() => expect(screen.getByText('login page')).toBeInTheDocument());
  }, 20_000);

  it('Reset password: a used or expired link says so as soon as the page opens', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { detail: MESSAGES.reset.failure, code: 'bad_request' }));
    renderWithProviders(<ResetPasswordFormPanel uidb64="MQ" token={TOKEN} />);
    expect(await screen.findByText(MESSAGES.reset.invalidLink)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('Reset password: a link refused on submit shows "Invalid or Expired Link" and a way to a new one', async () => {
    const user = userEventLib.setup();
    fetchMock.mockResolvedValueOnce(json(200, { detail: 'valid' }));
    fetchMock.mockResolvedValueOnce(json(400, { detail: MESSAGES.reset.failure, code: 'bad_request' }));
    renderWithProviders(<ResetPasswordFormPanel uidb64="MQ" token={TOKEN} />);
    await user.type(await screen.findByLabelText('New Password'), 'Copper-Meadow-5519');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Copper-Meadow-5519');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.reset.invalidLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('Email verification: verifying, then success; a 400 shows its detail', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const view = renderWithProviders(<VerifyEmailStatus uid="MQ" token="t1" />);
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
    answer(json(200, { detail: 'ok' }));
    expect(await screen.findByText(MESSAGES.verification.success)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    view.unmount();

    fetchMock.mockResolvedValueOnce(json(400, { detail: MESSAGES.verification.invalidOrExpired }));
    renderWithProviders(<VerifyEmailStatus uid="MQ" token="t2" />);
    expect(await screen.findByText(MESSAGES.verification.invalidOrExpired)).toBeInTheDocument();
  });

  it('Email verification: missing parameters', () => {
    renderWithProviders(<VerifyEmailStatus uid="MQ" />);
    expect(screen.getByText(MESSAGES.verification.missingParams)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
