import { cleanup, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_MESSAGES, type MessagePage, type ThreadList } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { ThreadInbox } from '../components/thread-inbox';

const userEvent = userEventLib.setup({ delay: null });

const THREADS: ThreadList = {
  threads: [
    {
      kind: 'entry',
      id: 12,
      contest: { id: 3, name: 'Chair Contest' },
      title: 'Entry to Chair Contest',
      counterpart: 'Hbada',
      last_message: {
        preview: 'Could you show the armrests?',
        author_side: 'brand',
        created_at: '2026-11-29T10:00:00Z',
      },
      unread: 2,
    },
  ],
  unread_total: 2,
  next_page: null,
};

const PAGE: MessagePage = {
  messages: [
    {
      id: 1,
      author: { id: 3, name: 'Olive Owner', side: 'brand' },
      body: 'Could you show the armrests?',
      hidden: false,
      hidden_reason: null,
      created_at: '2026-11-29T10:00:00Z',
    },
  ],
  next_before: null,
  can_post: true,
};

function stubApi(threads: ThreadList) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      jsonResponse(200, String(input).startsWith('/api/threads/') ? threads : PAGE),
    ),
  );
}

const recordLink = () => ({ to: '/entries/12', label: 'Open the entry' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('the /messages inbox (issue 49)', () => {
  it('says so when there is no conversation yet', async () => {
    sessionStore.set(makeSession({ role: 'creator' }));
    stubApi({ threads: [], unread_total: 0, next_page: null });
    renderWithProviders(<ThreadInbox recordLink={recordLink} />, { path: '/messages' });
    expect(await screen.findByText(CONVERSATION_MESSAGES.noThreads)).toBeInTheDocument();
  });

  it('lists each thread with its unread count and last message, and opens it beside the list', async () => {
    sessionStore.set(makeSession({ role: 'creator' }));
    stubApi(THREADS);
    renderWithProviders(<ThreadInbox recordLink={recordLink} />, { path: '/messages' });
    const row = await screen.findByRole('button', { name: 'Entry to Chair Contest, 2 unread' });
    expect(row).toHaveTextContent('With Hbada');
    expect(row).toHaveTextContent('Brand: Could you show the armrests?');
    await userEvent.click(row);
    const thread = await screen.findByRole('region', { name: 'Entry to Chair Contest' });
    expect(within(thread).getByRole('link', { name: 'Open the entry' })).toHaveAttribute(
      'href',
      '/entries/12',
    );
    expect(await within(thread).findByRole('listitem', { name: 'Olive Owner (Brand)' })).toBeInTheDocument();
  });
});
