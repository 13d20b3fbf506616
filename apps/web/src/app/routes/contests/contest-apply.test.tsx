import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type EntryEligibility } from '@app/domain';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeContest, makeSession } from '../../../testing/fixtures';
import ContestApplyPage from './contest-apply';

const fetchMock = vi.fn<typeof fetch>();

/** The apply page for a signed-in creator whose application the server answers as `status`. */
function openAs(status: EntryEligibility['application_status']) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/entries/eligibility/'))
      return jsonResponse(200, {
        can_submit: status === 'selected',
        reason: status === 'selected' ? null : status ? `application_${status}` : 'not_applied',
        application_status: status,
      });
    if (url === '/api/contests/1/') return jsonResponse(200, makeContest());
    return jsonResponse(200, null);
  });
  renderWithProviders(<ContestApplyPage />, {
    path: '/contests/1/apply',
    route: '/contests/:contestId/apply',
  });
}

describe('Apply (issue 26): a creator who already applied', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.set(makeSession());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('sees where the application stands instead of the wizard again', async () => {
    openAs('pending');
    expect(await screen.findByText(MESSAGES.application.alreadyApplied)).toBeInTheDocument();
    expect(screen.getByText(/waiting for the brand's decision/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/creator-dashboard',
    );
    expect(screen.queryByLabelText(/Full Name/)).toBeNull();
  });

  it('a selected creator is pointed to Submit Video', async () => {
    openAs('selected');
    expect(await screen.findByRole('link', { name: 'Submit your video' })).toHaveAttribute(
      'href',
      '/contests/1/submit',
    );
  });

  it('a creator who has not applied gets the wizard', async () => {
    openAs(null);
    expect(await screen.findByLabelText(/Full Name/)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.application.alreadyApplied)).toBeNull();
  });
});
