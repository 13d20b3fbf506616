import { createHash } from 'node:crypto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LICENCE_MESSAGES, type LicenceVerification } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { LicenceVerdict } from '../components/licence-verdict';
import { formatDateTime } from '../../../lib/format';

const userEvent = userEventLib.setup({ delay: null });
const masterBytes = new TextEncoder().encode('the licensed master film bytes');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const ID = 'lic_abcdefghijklmnopqrstuvwxyz';

const licence: LicenceVerification = {
  status: 'valid',
  brand: 'Lumora',
  contest: 'Lumora Night Light Contest',
  title: 'Night shift',
  channels: ['organic_social', 'web', 'tv'],
  territories: ['US', 'GB'],
  exclusive: true,
  starts_at: '2026-11-01T12:00:00.000Z',
  ends_at: '2027-11-01T12:00:00.000Z',
  master_sha256: sha(masterBytes),
};

describe('public licence check (issue 51)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the verdict and the terms, asking the public API without a session', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, licence));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LicenceVerdict licenceId={ID} />);
    expect(await screen.findByText(LICENCE_MESSAGES.valid)).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain(`/api/licences/${ID}/verify/`);
    expect(screen.getByText('Organic social, Web, TV')).toBeInTheDocument();
    expect(screen.getByText('US, GB')).toBeInTheDocument();
    expect(screen.getByText('Exclusive')).toBeInTheDocument();
    // The site's date format (lib/format), not ISO.
    expect(screen.getByText(formatDateTime('2027-11-01T12:00:00.000Z'))).toBeInTheDocument();
    expect(screen.queryByText('2027-11-01')).not.toBeInTheDocument();
    expect(screen.getByText(licence.master_sha256)).toBeInTheDocument();
  });

  it('says a revoked or expired licence is so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ...licence, status: 'revoked' })),
    );
    renderWithProviders(<LicenceVerdict licenceId={ID} />);
    expect(await screen.findByText(LICENCE_MESSAGES.revoked)).toBeInTheDocument();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ...licence, status: 'expired' })),
    );
    renderWithProviders(<LicenceVerdict licenceId={ID} />);
    expect(await screen.findByText(LICENCE_MESSAGES.expired)).toBeInTheDocument();
  });

  it('checks a chosen file against the master: a match, then a different file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, licence)),
    );
    renderWithProviders(<LicenceVerdict licenceId={ID} />);
    const input = await screen.findByLabelText('File to verify');
    await userEvent.upload(input, new File([masterBytes], 'night-shift.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(screen.getByText(LICENCE_MESSAGES.fileMatch)).toBeInTheDocument());
    await userEvent.upload(input, new File(['something else'], 'other.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(screen.getByText(LICENCE_MESSAGES.fileMismatch)).toBeInTheDocument());
  });

  it('says an unknown licence id is unknown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(404, { code: 'not_found', detail: LICENCE_MESSAGES.notFound, status: 404 }),
      ),
    );
    renderWithProviders(<LicenceVerdict licenceId="lic_unknown" />);
    expect(await screen.findByText(LICENCE_MESSAGES.notFound)).toBeInTheDocument();
  });
});
