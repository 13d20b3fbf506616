import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Badge,
  Box,
  Button,
  Link,
  List,
  ListItem,
  ListItemButton,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  THREAD_KINDS,
  type ThreadKind,
  type ThreadSummary,
} from '@app/domain';
import { formatDateTime } from '../../../lib/format';
import { useThreads } from '../api/get-threads';
import { ConversationThread } from './conversation-thread';
import { SIDE_LABELS } from './message-item';

/** `?thread=entry-12`: the thread open beside the list. */
function parseThread(value: string | null): { kind: ThreadKind; id: number } | null {
  const match = /^([a-z]+)-(\d+)$/.exec(value ?? '');
  if (!match || !THREAD_KINDS.includes(match[1] as ThreadKind)) return null;
  return { kind: match[1] as ThreadKind, id: Number(match[2]) };
}
/** The thread open in the inbox; its contest once the list has named it. */
export interface OpenThread {
  kind: ThreadKind;
  id: number;
  contest?: { id: number };
}
/** The page of the record a thread is about, and the link's words. */
export interface RecordLink {
  to: string;
  label: string;
}

export const threadParam = (kind: ThreadKind, id: number) => `${kind}-${id}`;

/**
 * The inbox (`/messages`, every signed-in role): the caller's threads, most recently active first,
 * with their unread counts and last message; choosing one opens it beside the list (on phones, in
 * its place, with a way back). `recordLink` gives the page of the record a thread is about.
 */
export function ThreadInbox({ recordLink }: { recordLink: (thread: OpenThread) => RecordLink | null }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = parseThread(params.get('thread'));
  const threads = useThreads(page);
  const select = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  const openSummary = threads.data?.threads.find((t) => open && t.kind === open.kind && t.id === open.id);
  const record = open ? recordLink({ ...open, contest: openSummary?.contest }) : null;
  const pages = threads.data ? (threads.data.next_page ? page + 1 : page) : 1;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: { xs: open ? 'none' : 'block', md: 'block' } }}>
        {threads.isError ? (
          <Alert severity="error">Your conversations could not be loaded. Please try again.</Alert>
        ) : !threads.data ? (
          <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading your conversations">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={72} />
            ))}
          </Stack>
        ) : threads.data.threads.length === 0 ? (
          <Paper sx={{ p: 3, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{CONVERSATION_MESSAGES.noThreads}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              Every application and entry has a conversation between its creator and the brand. Open one from
              its page, or wait here: new messages show up as they arrive.
            </Typography>
          </Paper>
        ) : (
          <Paper>
            <List aria-label="Conversations" disablePadding>
              {threads.data.threads.map((thread) => (
                <ThreadRow
                  key={threadParam(thread.kind, thread.id)}
                  thread={thread}
                  selected={thread.kind === open?.kind && thread.id === open.id}
                  onOpen={() => select({ thread: threadParam(thread.kind, thread.id) })}
                />
              ))}
            </List>
            {pages > 1 ? (
              <Pagination
                count={pages}
                page={page}
                onChange={(_, next) => select({ page: String(next) })}
                sx={{ p: 1.5 }}
              />
            ) : null}
          </Paper>
        )}
      </Box>
      <Box sx={{ display: { xs: open ? 'block' : 'none', md: 'block' } }}>
        {open ? (
          <Stack spacing={1.5} useFlexGap>
            <Button
              startIcon={<ArrowBack />}
              color="inherit"
              onClick={() => select({ thread: null })}
              sx={{ display: { md: 'none' }, alignSelf: 'flex-start' }}
            >
              All conversations
            </Button>
            <ConversationThread
              key={threadParam(open.kind, open.id)}
              kind={open.kind}
              id={open.id}
              title={
                openSummary
                  ? openSummary.title
                  : open.kind === 'entry'
                    ? 'Entry conversation'
                    : 'Application conversation'
              }
              description={openSummary ? `With ${openSummary.counterpart}` : undefined}
              action={
                record ? (
                  <Link component={RouterLink} to={record.to} variant="body2">
                    {record.label}
                  </Link>
                ) : null
              }
            />
          </Stack>
        ) : (
          <Paper sx={{ p: 3, display: { xs: 'none', md: 'block' } }}>
            <Typography sx={{ color: 'text.secondary' }}>Choose a conversation to read it here.</Typography>
          </Paper>
        )}
      </Box>
    </Box>
  );
}

/** One thread in the list: what it is about, with whom, its last message and its unread count. */
function ThreadRow({
  thread,
  selected,
  onOpen,
}: {
  thread: ThreadSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const last = thread.last_message;
  const label = `${thread.title}${thread.unread ? `, ${thread.unread} unread` : ''}`;
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        selected={selected}
        onClick={onOpen}
        aria-label={label}
        aria-current={selected ? 'true' : undefined}
        sx={{ alignItems: 'flex-start', gap: 2, py: 1.5, minHeight: 72 }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: thread.unread ? 700 : 600, overflowWrap: 'anywhere' }}>
            {thread.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            With {thread.counterpart}
            {last ? (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {' · '}
                {formatDateTime(last.created_at)}
              </Box>
            ) : null}
          </Typography>
          {last ? (
            <Typography
              variant="body2"
              sx={{
                mt: 0.5,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                color: thread.unread ? 'text.primary' : 'text.secondary',
              }}
            >
              {SIDE_LABELS[last.author_side]}: {last.preview.slice(0, CONVERSATION_LIMITS.previewMax)}
            </Typography>
          ) : null}
        </Box>
        {thread.unread ? (
          <Badge badgeContent={thread.unread} color="primary" max={99} sx={{ mt: 1.5, mr: 1 }} />
        ) : null}
      </ListItemButton>
    </ListItem>
  );
}
