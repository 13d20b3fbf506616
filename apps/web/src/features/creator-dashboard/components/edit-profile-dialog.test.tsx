import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREATOR_MESSAGES, LIMITS, MESSAGES } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse as json } from '../../../testing/http';
import { makeCreatorProfile } from '../../../testing/fixtures';
import { EditProfileDialog } from './edit-profile-dialog';

const profile = makeCreatorProfile();

const fetchMock = vi.fn<typeof fetch>();
const userEvent = userEventLib.setup({ delay: null });

function renderDialog(onClose = vi.fn()) {
  renderWithProviders(<EditProfileDialog open profile={profile} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Edit Profile' }) };
}

describe('Edit Profile dialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'csrftoken=test-csrf-token-0123456789abcdefghijkl';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is prefilled from the profile and counts the bio characters', async () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
    expect(within(dialog).getByLabelText(/Email/)).toHaveValue('ada@example.com');
    expect(within(dialog).getByLabelText(/City/)).toHaveValue('Austin');
    expect(within(dialog).getByText(`9/${LIMITS.bioMaxLength}`)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Bio/), ' and editor');
    expect(within(dialog).getByText(`20/${LIMITS.bioMaxLength}`)).toBeInTheDocument();
  });

  it('offers the gender options of the spec', async () => {
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Gender/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Prefer not to say', 'male', 'female', 'other']);
  });

  it('checks the spec §5 rules before sending anything', async () => {
    const { dialog } = renderDialog();
    await userEvent.clear(within(dialog).getByLabelText(/Full Name/));
    await userEvent.clear(within(dialog).getByLabelText(/Phone Number/));
    await userEvent.type(within(dialog).getByLabelText(/Phone Number/), '555-1234');
    await userEvent.clear(within(dialog).getByLabelText(/Email/));
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await userEvent.clear(within(dialog).getByLabelText(/Postal Code/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('name is required')).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.profile.invalidPhone)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.profile.invalidEmail)).toBeInTheDocument();
    expect(within(dialog).getByText('shipping postal code is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends every field as multipart with the CSRF header and says so on success', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ...profile, full_name: 'Ada King' }));
    const { dialog, onClose } = renderDialog();
    await userEvent.clear(within(dialog).getByLabelText(/Full Name/));
    await userEvent.type(within(dialog).getByLabelText(/Full Name/), 'Ada King');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.dashboard.profileUpdated)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/accounts/auth/creator-profile/');
    expect(init?.method).toBe('PATCH');
    expect((init?.headers as Record<string, string>)['X-CSRFToken']).toBe(
      'test-csrf-token-0123456789abcdefghijkl',
    );
    const body = init?.body as FormData;
    expect(body.get('name')).toBe('Ada King');
    expect(body.get('shipping_city')).toBe('Austin');
    expect(body.get('gender')).toBe('');
    expect(body.has('avatar')).toBe(false);
  });

  it('fetches the profile first when the csrftoken cookie is missing', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    fetchMock.mockResolvedValueOnce(json(200, profile)).mockResolvedValueOnce(json(200, profile));
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.dashboard.profileUpdated)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([
      'GET /api/accounts/auth/creator-profile/',
      'PATCH /api/accounts/auth/creator-profile/',
    ]);
  });

  it("shows the server's field errors beside their fields and stays open", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        detail: CREATOR_MESSAGES.emailTaken,
        code: 'validation',
        email: [CREATOR_MESSAGES.emailTaken],
      }),
    );
    const { dialog, onClose } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const email = within(dialog).getByLabelText(/Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(CREATOR_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  // M2 (issue 18): a new address needs the current password.
  it(
    'asks for the current password when the e-mail changes, and sends it with the change',
    { timeout: 90_000 },
    async () => {
      fetchMock
        .mockResolvedValueOnce(
          json(400, {
            detail: CREATOR_MESSAGES.currentPasswordWrong,
            code: 'validation',
            current_password: [CREATOR_MESSAGES.currentPasswordWrong],
          }),
        )
        .mockResolvedValueOnce(json(200, { ...profile, pending_email: 'ada@new.example.com' }));
      const { dialog, onClose } = renderDialog();
      expect(within(dialog).queryByLabelText(/Current password/)).toBeNull();
      await userEvent.clear(within(dialog).getByLabelText(/^Email/));
      await userEvent.click(within(dialog).getByLabelText(/^Email/));
      await userEvent.paste('ada@new.example.com');
      const password = within(dialog).getByLabelText(/Current password/);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByText(CREATOR_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
      await userEvent.click(password);
      await userEvent.paste('wrong-password');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByText(CREATOR_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
      await userEvent.clear(password);
      await userEvent.paste('Sturdy-Password-2026');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      const body = fetchMock.mock.calls[1]![1]?.body as FormData;
      expect(body.get('email')).toBe('ada@new.example.com');
      expect(body.get('current_password')).toBe('Sturdy-Password-2026');
    },
  );

  it('shows the avatar error the server gives', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { detail: 'x', code: 'validation', avatar: [CREATOR_MESSAGES.avatarInvalid] }),
    );
    const { dialog } = renderDialog();
    const file = new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('Profile photo'), file);
    expect(within(dialog).getByText('me.png')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(CREATOR_MESSAGES.avatarInvalid)).toBeInTheDocument();
    expect((fetchMock.mock.calls[0]![1]?.body as FormData).get('avatar')).toBeInstanceOf(File);
  });

  it('refuses a picked file that is not a JPEG, PNG or WebP', async () => {
    const { dialog } = renderDialog();
    const file = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    const user = userEventLib.setup({ delay: null, applyAccept: false });
    await user.upload(within(dialog).getByLabelText('Profile photo'), file);
    expect(within(dialog).getByText(CREATOR_MESSAGES.avatarInvalid)).toBeInTheDocument();
  });

  it('maps a server failure to the spec message', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { detail: MESSAGES.dashboard.serverError, code: 'internal' }));
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.dashboard.serverError)).toBeInTheDocument();
  });
});
