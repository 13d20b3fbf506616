import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  type ConversationMessage,
  type MessagePage,
  type Role,
} from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { ConversationThread } from '../components/conversation-thread';
import { MessageBody } from '../components/message-body';

const userEvent = userEventLib.setup({ delay: null });

function message(id: number, overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id,
    author: { id: 3, name: 'Olive Owner', side: 'brand' },
    body: `Message ${id}`,
    hidden: false,
    hidden_reason: null,
    created_at: '2026-11-29T10:00:00Z',
    ...overrides,
  };
}

/** The thread API: GET answers `pages` by `before`; every POST is recorded and answered by `answer`. */
function stubThreadApi(pages: Record<string, MessagePage>, answer?: () => Promise<Response>) {
  const requests: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (url.startsWith('/api/threads/'))
        return jsonResponse(200, { threads: [], unread_total: 0, next_page: null });
      if (method === 'GET')
        return jsonResponse(200, pages[new URL(url, 'http://x').searchParams.get('before') ?? '']);
      return answer ? answer() : jsonResponse(201, message(99));
    }),
  );
  return requests;
}

const page = (messages: ConversationMessage[], overrides: Partial<MessagePage> = {}): MessagePage => ({
  messages,
  next_before: null,
  can_post: true,
  ...overrides,
});

function renderThread(role: Role) {
  sessionStore.set(makeSession({ role }));
  return renderWithProviders(<ConversationThread kind="entry" id={12} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('links in a message (issue 49: links shown as links)', () => {
  it('makes http and https addresses links that open safely, without the sentence’s full stop', () => {
    renderWithProviders(
      <MessageBody body="The brief: https://example.com/brief?v=2. Old: http://old.example.com" />,
    );
    const brief = screen.getByRole('link', { name: 'https://example.com/brief?v=2' });
    expect(brief).toHaveAttribute('href', 'https://example.com/brief?v=2');
    expect(brief).toHaveAttribute('target', '_blank');
    expect(brief).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'http://old.example.com' })).toBeInTheDocument();
  });

  it('keeps other schemes and markup as plain text', () => {
    const { container } = renderWithProviders(
      <MessageBody
        body={
          'javascript:alert(1) data:text/html,x <img src=x onerror="alert(1)"> <a href="https://evil.example">x</a>'
        }
      />,
    );
    // The markup stays text; only the https address inside it becomes a link of its own.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://evil.example/',
    ]);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)"> <a href="');
  });
});

describe('the conversation thread (issue 49)', () => {
  it('shows the messages in time order with author and side, and loads earlier ones with before', async () => {
    const requests = stubThreadApi({
      '': page([message(51), message(52, { author: { id: 7, name: 'Sam Creator', side: 'creator' } })], {
        next_before: 51,
      }),
      '51': page([message(50, { author: { id: 1, name: 'Pat', side: 'staff' } })]),
    });
    renderThread('creator');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Olive Owner (Brand)', 'Sam Creator (Creator)']);
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[0]).toHaveAccessibleName('Pat (Platform team)');
    expect(requests.map((r) => r.url)).toContain('/api/entries/12/messages/?before=51');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('shows a hidden message as "hidden by the platform team"; staff read it with the reason', async () => {
    const hidden = message(5, { hidden: true, body: CONVERSATION_MESSAGES.hiddenBody });
    stubThreadApi({ '': page([hidden]) });
    renderThread('creator');
    expect(await screen.findByText('hidden by the platform team')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    cleanup();

    stubThreadApi({
      '': page([message(5, { hidden: true, body: 'Call me on 555', hidden_reason: 'Contact details' })]),
    });
    renderThread('staff');
    expect(await screen.findByText('Call me on 555')).toBeInTheDocument();
    expect(screen.getByText(/Contact details/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
  });

  it('lets staff hide a message with a reason', async () => {
    const requests = stubThreadApi({ '': page([message(8)]) }, async () =>
      jsonResponse(200, message(8, { hidden: true })),
    );
    renderThread('staff');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide message' }));
    expect(await within(dialog).findByText(CONVERSATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Off-platform payment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/messages/8/hide/',
      body: { reason: 'Off-platform payment' },
    });
  });

  it('a brand viewer reads without a composer when the server says so', async () => {
    stubThreadApi({ '': page([message(1)], { can_post: false }) });
    renderThread('brand');
    expect(await screen.findByText(CONVERSATION_MESSAGES.roleForbids)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});

describe('the composer', () => {
  it('refuses a message over 4,000 characters in the spec’s words, with the counter near the limit', async () => {
    const requests = stubThreadApi({ '': page([]) });
    renderThread('creator');
    const field = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'x'.repeat(CONVERSATION_LIMITS.bodyMax - 10) } });
    expect(await screen.findByText('3,990 / 4,000')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'x'.repeat(CONVERSATION_LIMITS.bodyMax + 1) } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.bodyTooLong)).toBeInTheDocument();
    expect(screen.getByText('4,001 / 4,000')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('sends with Ctrl+Enter, locked while sending, and empties the field', async () => {
    let release: (response: Response) => void = () => {};
    const requests = stubThreadApi({ '': page([]) }, () => new Promise((resolve) => (release = resolve)));
    renderThread('creator');
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(field, 'Hello, the chair arrived');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled());
    expect(field).toBeDisabled();
    release(jsonResponse(201, message(99)));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/entries/12/messages/',
      body: { body: 'Hello, the chair arrived' },
    });
  });

  it('an empty message is refused in the spec’s words', async () => {
    stubThreadApi({ '': page([]) });
    renderThread('creator');
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.bodyRequired)).toBeInTheDocument();
  });
});
