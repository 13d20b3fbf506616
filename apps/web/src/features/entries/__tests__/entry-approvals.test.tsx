import { cleanup, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntryApprovals } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { EntryApprovalsPanel } from '../components/entry-approvals';

const userEvent = userEventLib.setup();

const pending: EntryApprovals = {
  required: 2,
  version: 2,
  state: 'pending',
  approvals: [
    {
      user_id: 7,
      name: 'Mara Manager',
      decision: 'approve',
      comment: '',
      version: 2,
      created_at: '2026-11-20T10:00:00Z',
    },
    {
      user_id: 8,
      name: 'Remy Reviewer',
      decision: 'changes',
      comment: 'Show the armrests.',
      version: 1,
      created_at: '2026-11-19T10:00:00Z',
    },
  ],
};

/** Answers GET with the approvals as they stand, POST with `answer` (which then stands); records the POST bodies. */
function stubApi(approvals: EntryApprovals, answer: () => { status: number; body: EntryApprovals | object }) {
  const posts: unknown[] = [];
  let current = approvals;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        const { status, body } = answer();
        if (status === 201) current = body as EntryApprovals;
        return jsonResponse(status, body);
      }
      return jsonResponse(200, current);
    }),
  );
  return posts;
}

describe('Entry page: sign-off on the final cut (issue 49)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'brand' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows the state, how many approvals the version has, and who decided on which version', async () => {
    stubApi(pending, () => ({ status: 500, body: {} }));
    renderWithProviders(<EntryApprovalsPanel entryId={5} canDecide={false} />);
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.getByText('Version 2: 1 of 2 approvals')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Approvals' });
    expect(list).toHaveTextContent('Mara Manager approved version 2');
    expect(list).toHaveTextContent('Remy Reviewer asked for changes to version 1');
    expect(list).toHaveTextContent('“Show the armrests.”');
    // The entrant (and a viewer) reads, without the buttons.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('asks for a comment before asking for changes, then sends the decision and shows the answer', async () => {
    const answered: EntryApprovals = {
      ...pending,
      state: 'changes_requested',
      approvals: [
        {
          user_id: 9,
          name: 'Bea Brand',
          decision: 'changes',
          comment: 'Brighter, please.',
          version: 2,
          created_at: '2026-11-21T10:00:00Z',
        },
        ...pending.approvals,
      ],
    };
    const posts = stubApi(pending, () => ({ status: 201, body: answered }));
    renderWithProviders(<EntryApprovalsPanel entryId={5} canDecide />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    expect(screen.getByText('Say what should change.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await userEvent.type(screen.getByLabelText('Comment on version 2'), 'Brighter, please.');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for changes' }));
    expect(await screen.findByText('Changes requested')).toBeInTheDocument();
    expect(posts).toEqual([{ decision: 'changes', comment: 'Brighter, please.' }]);
  });

  it('approves without a comment', async () => {
    const posts = stubApi(pending, () => ({ status: 201, body: { ...pending, state: 'approved' } }));
    renderWithProviders(<EntryApprovalsPanel entryId={5} canDecide />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(posts).toEqual([{ decision: 'approve', comment: '' }]);
  });
});
