import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { AGREEMENT_MESSAGES } from '@app/domain';
import { sessionStore } from '../../../lib/session';
import { makeAgreement, makeContest, makeSession } from '../../../testing/fixtures';
import { LegalPage } from './legal-page';

const fetchMock = vi.fn<typeof fetch>();

describe('legal pages', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('show their text while the API is down, with the contest values to come and a way to retry', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<LegalPage document="rules" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contest Rules' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. Eligibility' })).toBeInTheDocument();
    expect(screen.getByText(/The judges' decision is final\./)).toBeInTheDocument();
    expect(
      await screen.findByText(/The contest's dates and details could not be loaded/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("/agreement shows the contest's agreement as the API stores it, with its version", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/agreement/')
        ? jsonResponse(200, makeAgreement())
        : jsonResponse(200, makeContest()),
    );
    renderWithProviders(<LegalPage document="agreement" />);
    expect(screen.getByRole('status', { name: 'Loading the agreement' })).toBeInTheDocument();
    expect(
      await screen.findByText(/for Hbada Synergy Chair Contest, sponsored by Hbada \(the “Brand”\)\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/deliver the video by 08-22-2025 11:59 PM PDT/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2. Your video' })).toBeInTheDocument();
    expect(screen.getByText('You keep the copyright of your video.')).toBeInTheDocument();
    expect(screen.getByText(/Version 1 · SHA-256 a{64}/)).toBeInTheDocument();
  });

  it('/agreement with the API down says the agreement could not be loaded and offers to retry', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<LegalPage document="agreement" />);
    expect(
      await screen.findByText(AGREEMENT_MESSAGES.loadFailed, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('tells a creator which version they accepted, with a link to read it when it is not the current one', async () => {
    sessionStore.set(makeSession());
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/agreement/')
        ? jsonResponse(
            200,
            makeAgreement({
              version: 2,
              current_version: 2,
              accepted: { version: 1, sha256: 'b'.repeat(64), accepted_at: '2025-07-01T17:00:00Z' },
            }),
          )
        : jsonResponse(200, makeContest()),
    );
    renderWithProviders(<LegalPage document="agreement" />);
    expect(await screen.findByText(/You accepted version 1 on 07-01-2025/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the version you accepted' })).toHaveAttribute(
      'href',
      '/agreement?contest=1&version=1',
    );
    sessionStore.clear();
  });
});
