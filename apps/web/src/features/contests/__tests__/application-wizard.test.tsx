import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@app/domain';
import { NotificationsProvider } from '../../../components/notifications';
import { sessionStore } from '../../../lib/session';
import { ApplicationWizard } from '../components/wizard/application-wizard';
import { chairContest, chairProducts } from './contest-fixtures';

const contest = chairContest;
const products = chairProducts;

const me: CurrentUser = {
  id: 7,
  email: 'ada@example.com',
  role: 'creator',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_number: '+15551234567',
  profile: {
    phoneNumber: '+15551234567',
    bio: 'Filmmaker',
    youtube_url: '',
    instagram_url: '',
    portfolio_url: '',
    shipping_address: {
      line1: '12 Analytical Way',
      line2: '',
      city: 'Austin',
      state: 'TX',
      postal: '73301',
      country: 'US',
    },
  },
};

const fetchMock = vi.fn<typeof fetch>();
const userEvent = userEventLib.setup({ delay: null });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function serve(applyResponse: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/accounts/me/')) return json(200, me);
    if (url.endsWith('/api/contests/1/products/')) return json(200, products);
    if (url.endsWith('/api/contests/1/apply/')) return applyResponse();
    return json(404, { detail: 'Not found.' });
  });
}

function renderWizard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/contests/1/apply']}>
        <NotificationsProvider>
          <ApplicationWizard contest={contest} />
        </NotificationsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function goToTerms() {
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('radio', { name: 'E3 PRO' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

async function acceptAll() {
  for (const title of ['Privacy Policy', 'Contest Rules', 'Participant Agreement']) {
    await userEvent.click(screen.getByRole('checkbox', { name: `I accept the ${title}` }));
  }
}

describe('application wizard', { timeout: 90_000 }, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.clear();
    sessionStore.set({
      access: 'a',
      refresh: 'r',
      user: { id: 7, email: me.email, role: 'creator', first_name: 'Ada', last_name: 'Lovelace' },
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('prefills from the profile with the saved address; a new address clears the fields', async () => {
    serve(() => json(201, {}));
    renderWizard();
    expect(await screen.findByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Use my saved address' })).toBeChecked();
    expect(screen.getByLabelText('Saved shipping address')).toHaveTextContent('12 Analytical Way');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Enter a new address' }));
    expect(screen.getByLabelText(/Street Address/)).toHaveValue('');
    // New address: street, city and country are required; phone is not checked.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(/Phone Number/));
    await userEvent.type(screen.getByLabelText(/Street Address/), '1 New Rd');
    await userEvent.type(screen.getByLabelText(/^City/), 'Reno');
    await userEvent.type(screen.getByLabelText(/Country/), 'US');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getAllByText('Please enter a valid url')).toHaveLength(3);
  });

  it("disables a chair with zero stock and labels it ' (All Picked!)'", async () => {
    serve(() => json(201, {}));
    renderWizard();
    await screen.findByDisplayValue('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('radio', { name: 'X7 SMART (All Picked!)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'P2 ERGONOMIC' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('opens each text in a dialog, needs all three acceptances, and sends the payload', async () => {
    serve(() =>
      json(201, {
        id: 1,
        contest_id: 1,
        product_id: 1,
        status: 'pending',
        created_at: '',
        stock_quantity: 11,
      }),
    );
    renderWizard();
    await screen.findByDisplayValue('Ada Lovelace');
    await goToTerms();
    const submit = screen.getByRole('button', { name: 'Submit Application' });
    expect(submit).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Contest Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contest Rules' });
    expect(within(dialog).getByText('You must be 18 years of age or older.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Video submission deadline: 08-22-2025 11:59 PM PDT'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'I accept the Contest Rules' })).not.toBeChecked();

    await acceptAll();
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByText('Application submitted successfully!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/apply/'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone_number: '+15551234567',
      bio: 'Filmmaker',
      shipping_address: {
        line1: '12 Analytical Way',
        line2: '',
        city: 'Austin',
        state: 'TX',
        postal: '73301',
        country: 'US',
      },
      product_id: 1,
      terms_accepted: true,
      youtube_url: '',
      instagram_url: '',
      portfolio_url: '',
    });
  });

  it("shows the server's message in an error snackbar", async () => {
    serve(() => json(409, { detail: 'You have already applied to this contest.', code: 'conflict' }));
    renderWizard();
    await screen.findByDisplayValue('Ada Lovelace');
    await goToTerms();
    await acceptAll();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('You have already applied to this contest.')).toBeInTheDocument();
  });

  it('shows a visitor the blank wizard and the sign-in notice', async () => {
    sessionStore.clear();
    serve(() => json(401, {}));
    renderWizard();
    expect(screen.getByText(/Please log in to continue with your application/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/accounts/me/'))).toBe(false);
  });
});
