import { createHash } from 'node:crypto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES, type Delivery } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { DeliveryView } from '../components/delivery-view';
import { fileSha256 } from '../lib/file-sha256';

const userEvent = userEventLib.setup({ delay: null });
const masterBytes = new TextEncoder().encode('the delivered master film bytes');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const delivery: Delivery = {
  entry_id: 7,
  contest: { id: 3, title: 'Lumora Night Light Contest' },
  brand: { id: 2, name: 'Lumora' },
  creator: { id: 5, name: 'Noor Haddad' },
  place: 1,
  version: 2,
  title: 'Night shift',
  results_published_at: '2026-11-01T12:00:00.000Z',
  master: {
    file_name: 'Night-shift.mp4',
    content_type: 'video/mp4',
    size_bytes: masterBytes.length,
    sha256: sha(masterBytes),
    url: '/api/entries/7/delivery/master/?token=t',
  },
  renditions: [
    { format: 'mp4', name: 'Progressive MP4', width: 1080, height: 1920, url: '/media/x/mp4.mp4' },
    { format: 'hls', name: 'HLS (360p, 1080p)', width: 1080, height: 1920, url: '/media/x/master.m3u8' },
  ],
  captions: [{ language: 'en', url: '/media/x/en.vtt' }],
  releases: [
    {
      id: 9,
      kind: 'talent',
      status: 'approved',
      file_name: 'talent.pdf',
      size_bytes: 2048,
      content_type: 'application/pdf',
      reason: null,
      created_at: '2026-11-02T10:00:00.000Z',
      decided_at: '2026-11-02T11:00:00.000Z',
      file_url: '/api/releases/9/file/?token=t',
    },
  ],
  agreement: null,
  licence: { terms: 'The creator grants Lumora a licence.', starts_on: '2026-11-01', ends_on: '2028-11-01' },
  certificate_url: '/api/entries/7/certificate.pdf?token=t',
};

describe('delivery page (issue 31)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'brand' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the master with its hash, renditions, captions, releases and the certificate', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, delivery)),
    );
    renderWithProviders(<DeliveryView entryId="7" />);
    expect(await screen.findByTestId('master-sha256')).toHaveTextContent(delivery.master.sha256);
    expect(screen.getByRole('link', { name: 'Download the master' })).toHaveAttribute(
      'href',
      delivery.master.url,
    );
    expect(screen.getByRole('link', { name: 'Download the certificate (PDF)' })).toHaveAttribute(
      'href',
      delivery.certificate_url,
    );
    expect(screen.getByRole('link', { name: 'talent.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WebVTT (en)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Progressive MP4' })).toBeInTheDocument();
    expect(screen.getByText('Version not recorded')).toBeInTheDocument();
  });

  it('verifies a local file against the master: a match, then a different file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, delivery)),
    );
    renderWithProviders(<DeliveryView entryId="7" />);
    const input = await screen.findByLabelText('File to verify');
    await userEvent.upload(input, new File([masterBytes], 'night-shift.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(screen.getByText(DELIVERY_MESSAGES.verifyMatch)).toBeInTheDocument());
    await userEvent.upload(input, new File(['something else'], 'other.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(screen.getByText(DELIVERY_MESSAGES.verifyMismatch)).toBeInTheDocument());
  });

  it('says why there is no delivery', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(404, { code: 'not_found', detail: DELIVERY_MESSAGES.notDelivered, status: 404 }),
      ),
    );
    renderWithProviders(<DeliveryView entryId="7" />);
    expect(await screen.findByText(DELIVERY_MESSAGES.notDelivered)).toBeInTheDocument();
  });
});

describe('fileSha256', () => {
  it('gives the same hash whole and a slice at a time (large files)', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 251);
    const file = new Blob([bytes]);
    const expected = sha(bytes);
    expect(await fileSha256(file)).toBe(expected);
    const progress: number[] = [];
    expect(await fileSha256(file, (p) => progress.push(p), { wholeFileMax: 0, sliceBytes: 7_000 })).toBe(
      expected,
    );
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(10);
  });
});
