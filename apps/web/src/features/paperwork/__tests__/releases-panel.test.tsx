import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Release } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { ReleasesPanel } from '../components/releases-panel';

const userEvent = userEventLib.setup({ delay: null });

const release = (over: Partial<Release>): Release => ({
  id: 1,
  kind: 'talent',
  status: 'pending',
  file_name: 'talent-release.pdf',
  size_bytes: 2048,
  content_type: 'application/pdf',
  reason: null,
  created_at: '2026-11-27T10:00:00.000Z',
  decided_at: null,
  file_url: '/api/releases/1/file/?token=t',
  ...over,
});

describe('releases panel (issue 31)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'creator' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('the entrant sees each release and its review, and files another as multipart', async () => {
    const sent: FormData[] = [];
    let list = [release({ status: 'rejected', reason: 'Unsigned.' })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(init.body as FormData);
          list = [...list, release({ id: 2, kind: 'music', file_name: 'music.pdf' })];
          return jsonResponse(201, list[1]);
        }
        return jsonResponse(200, list);
      }),
    );
    renderWithProviders(<ReleasesPanel entryId={7} canFile canDecide={false} />);
    const panel = await screen.findByRole('region', { name: 'Releases' });
    expect(await within(panel).findByText('Reason: Unsigned.')).toBeInTheDocument();
    expect(within(panel).getByText('Rejected')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Approve/ })).toBeNull();

    await userEvent.click(within(panel).getByRole('combobox', { name: 'Kind of release' }));
    await userEvent.click(
      screen.getByRole('option', { name: 'Music licence or original music declaration' }),
    );
    const file = new File(['%PDF-1.4 …%%EOF'], 'music.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(panel).getByLabelText('Release file'), file);
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload release' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('kind')).toBe('music');
    expect((sent[0]!.get('file') as File).name).toBe('music.pdf');
    expect(await within(panel).findByText('music.pdf')).toBeInTheDocument();
    expect(within(panel).getByText('Waiting for review')).toBeInTheDocument();
  });

  it('staff approve, or reject with the reason the entrant reads', async () => {
    sessionStore.set(makeSession({ role: 'staff' }));
    const posts: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : null });
          return jsonResponse(200, release({ status: 'rejected', reason: 'Not signed.' }));
        }
        return jsonResponse(200, [release({})]);
      }),
    );
    renderWithProviders(<ReleasesPanel entryId={7} canFile={false} canDecide />);
    const panel = await screen.findByRole('region', { name: 'Releases' });
    expect(within(panel).queryByRole('form', { name: 'File a release' })).toBeNull();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Reject talent-release.pdf' }));
    await userEvent.type(within(panel).getByRole('textbox', { name: /Why is it rejected/ }), 'Not signed.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reject release' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: expect.stringContaining('/api/releases/1/reject/'), body: { reason: 'Not signed.' } },
      ]),
    );
  });
});
