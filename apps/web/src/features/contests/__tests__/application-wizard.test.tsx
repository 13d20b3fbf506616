import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGREEMENT_MESSAGES, MESSAGES } from '@app/domain';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse as json } from '../../../testing/http';
import {
  makeAgreement,
  makeContest,
  makeCurrentUser,
  makeProducts,
  makeSession,
} from '../../../testing/fixtures';
import { ApplicationWizard } from '../components/wizard/application-wizard';

const contest = makeContest();
const products = makeProducts();
const me = makeCurrentUser();

const fetchMock = vi.fn<typeof fetch>();
/** The 201 of POST …/apply/. */
const APPLIED = {
  id: 1,
  contest_id: 1,
  product_id: 1,
  status: 'pending',
  created_at: '',
  stock_quantity: 11,
};
/** The agreement the server answers now (a test may change it, as staff saving version 2 would). */
let agreement = () => makeAgreement();
const userEvent = userEventLib.setup({ delay: null });

function serve(applyResponse: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/accounts/me/')) return json(200, me);
    if (url.endsWith('/api/contests/1/products/')) return json(200, products);
    if (url.endsWith('/api/contests/1/apply/')) return applyResponse();
    if (url.endsWith('/api/contests/1/agreement/')) return json(200, agreement());
    return json(404, { detail: MESSAGES.generic.notFound });
  });
}

function renderWizard() {
  renderWithProviders(<ApplicationWizard contest={contest} />, { path: '/contests/1/apply' });
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
    sessionStore.set(makeSession({ user: { id: me.id, email: me.email } }));
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
    expect(screen.getAllByText(MESSAGES.application.urlHint)).toHaveLength(3);
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
    serve(() => json(201, APPLIED));
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
    expect(await screen.findByText(MESSAGES.application.success)).toBeInTheDocument();
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
      agreement_sha256: 'a'.repeat(64),
    });
  });

  it('when the agreement changed meanwhile (409 agreement_changed), shows the new terms and asks to accept again', async () => {
    const v2 = makeAgreement({
      version: 2,
      current_version: 2,
      sha256: 'c'.repeat(64),
      text: '## New terms\n\nVersion two.',
    });
    serve(() => {
      agreement = () => v2;
      return json(409, {
        detail: AGREEMENT_MESSAGES.changed,
        code: 'agreement_changed',
        current: { version: 2, sha256: v2.sha256 },
      });
    });
    renderWizard();
    await screen.findByDisplayValue('Ada Lovelace');
    await goToTerms();
    await acceptAll();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findAllByText(AGREEMENT_MESSAGES.changed)).not.toHaveLength(0);
    const box = screen.getByRole('checkbox', { name: 'I accept the Participant Agreement' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Read it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Participant Agreement' });
    expect(await within(dialog).findByText('Version two.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toBeChecked();
    serve(() => json(201, APPLIED));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(MESSAGES.application.success)).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/apply/'));
    expect(JSON.parse(String(calls.at(-1)![1]!.body)).agreement_sha256).toBe(v2.sha256);
    agreement = () => makeAgreement();
  });

  it("shows the server's message in an error snackbar", async () => {
    serve(() => json(409, { detail: MESSAGES.application.alreadyApplied, code: 'conflict' }));
    renderWizard();
    await screen.findByDisplayValue('Ada Lovelace');
    await goToTerms();
    await acceptAll();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(MESSAGES.application.alreadyApplied)).toBeInTheDocument();
  });

  it('shows a visitor the blank wizard and the sign-in notice', async () => {
    sessionStore.clear();
    serve(() => json(401, {}));
    renderWizard();
    expect(screen.getByText(MESSAGES.dashboard.loginToApply, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/accounts/me/'))).toBe(false);
  });
});
