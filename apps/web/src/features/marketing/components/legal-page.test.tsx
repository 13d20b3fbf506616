import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeContest } from '../../../testing/fixtures';
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

  it("fill in the contest's values once it has loaded", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, makeContest()));
    renderWithProviders(<LegalPage document="agreement" />);
    expect(
      await screen.findByText(/for Hbada Synergy Chair Contest, sponsored by Hbada\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/deliver the video by 08-22-2025 11:59 PM PDT/)).toBeInTheDocument();
  });
});
