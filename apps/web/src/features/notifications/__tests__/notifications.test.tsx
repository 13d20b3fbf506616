import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPage } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { NotificationBell } from '../components/notification-bell';
import { NotificationList } from '../components/notification-list';
import { LiveUpdates } from '../components/live-updates';

const userEvent = userEventLib.setup({ delay: null });

const page = (unread: number, readIds: number[] = []): NotificationPage => ({
  count: 2,
  unread,
  next: null,
  previous: null,
  results: [2, 1].map((id) => ({
    id,
    kind: 'video_approved',
    title: `Your video "Take ${id}" is approved`,
    url: `/video/${id}`,
    created_at: '2026-11-27T10:00:00.000Z',
    read_at: readIds.includes(id) ? '2026-11-27T11:00:00.000Z' : null,
  })),
});

/** A stand-in EventSource the test drives. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  emit(type: string, id: string, data: object) {
    this.listeners.get(type)?.({ data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>);
  }
  close() {}
}

describe('notifications (issue 32)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'creator' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('the bell shows the unread count, and a live notification event raises it without a reload', async () => {
    let unread = 1;
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(String(input));
          return jsonResponse(200, { ticket: 'a-ticket' });
        }
        return jsonResponse(200, page(unread));
      }),
    );
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWithProviders(
      <>
        <LiveUpdates />
        <NotificationBell />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/events/?ticket=a-ticket'));
    expect(posts).toEqual(['/api/events/ticket/']);
    unread = 2;
    act(() => FakeEventSource.last!.emit('notification', '7', { unread: 2 }));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('lists newest first and marks one read when opened, or all at once', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return jsonResponse(200, { marked: 1, unread: 1 });
        }
        return jsonResponse(200, page(2));
      }),
    );
    renderWithProviders(<NotificationList />);
    const links = await screen.findAllByRole('link', { name: /Your video/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/video/2', '/video/1']);
    await userEvent.click(links[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(bodies).toEqual([{ ids: [1] }, { all: true }]));
  });
});
