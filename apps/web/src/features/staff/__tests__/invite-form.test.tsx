import { cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRAND_ROLE_LABELS } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { InviteForm } from '../components/invite-form';

const userEvent = userEventLib.setup({ delay: null });

describe('the staff console’s invitation form', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  const sentBodies = (calls: Array<[RequestInfo | URL, RequestInit?]>) =>
    calls.map(([, init]) => JSON.parse(String(init?.body)) as object);

  it('a brand user gets a role in the brand’s team, owner unless staff pick another; staff get none', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<InviteForm />);
    expect(screen.queryByLabelText('Role in the brand’s team')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/E-mail/), 'first@brand.example');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Brand user' }));
    await userEvent.type(screen.getByLabelText(/Brand ID/), '7');
    const teamRole = screen.getByRole('combobox', { name: 'Role in the brand’s team' });
    expect(teamRole).toHaveTextContent(BRAND_ROLE_LABELS.owner.label);
    expect(screen.getByText(BRAND_ROLE_LABELS.owner.description)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    await userEvent.type(screen.getByLabelText(/E-mail/), 'second@brand.example');
    await userEvent.click(teamRole);
    await userEvent.click(await screen.findByRole('option', { name: BRAND_ROLE_LABELS.reviewer.label }));
    expect(screen.getByText(BRAND_ROLE_LABELS.reviewer.description)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    await userEvent.type(screen.getByLabelText(/E-mail/), 'staffer@example.com');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Staff (platform team)' }));
    expect(screen.queryByRole('combobox', { name: 'Role in the brand’s team' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    expect(fetchMock.mock.calls.every(([url]) => String(url) === '/api/staff/invitations/')).toBe(true);
    expect(sentBodies(fetchMock.mock.calls)).toEqual([
      { email: 'first@brand.example', role: 'brand', brand_id: 7, brand_role: 'owner' },
      { email: 'second@brand.example', role: 'brand', brand_id: 7, brand_role: 'reviewer' },
      { email: 'staffer@example.com', role: 'staff' },
    ]);
  });
});
