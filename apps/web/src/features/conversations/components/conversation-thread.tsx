import { useEffect, useRef, useState, type ReactNode } from 'react';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { CONVERSATION_MESSAGES, type ConversationMessage, type ThreadKind } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useInView } from '../../../hooks/use-in-view';
import { useThread } from '../api/get-messages';
import { HideMessageDialog } from './hide-message-dialog';
import { MessageComposer } from './message-composer';
import { MessageItem } from './message-item';

export interface ConversationThreadProps {
  kind: ThreadKind;
  id: number | string;
  /** The heading (default "Conversation"); the inbox names the record instead. */
  title?: string;
  /** What the thread is about, under the heading (who talks here). */
  description?: string;
  /** Beside the heading: a link to the record the thread is about. */
  action?: ReactNode;
  /** Inside a dialog that already names it: no card of its own, the heading for screen readers only. */
  embedded?: boolean;
}

/**
 * The thread of an application or an entry (issue 49): the messages oldest to newest with the
 * newest at the bottom, "Load earlier messages" for older pages, a composer for those the server
 * lets write (`can_post`: a brand viewer only reads), and staff's Hide. It is read, and so marked
 * read, once it comes into view; new messages arrive through the live stream (the navbar's badge
 * invalidates the conversation queries on a `message` event).
 */
export function ConversationThread({
  kind,
  id,
  title = 'Conversation',
  description,
  action,
  embedded = false,
}: ConversationThreadProps) {
  const ref = useRef<HTMLElement>(null);
  const visible = useInView(ref, '0px');
  const thread = useThread(kind, id, visible);
  const session = useSession();
  const isStaff = session?.user.role === 'staff';
  const [hiding, setHiding] = useState<ConversationMessage | null>(null);
  const pages = thread.data?.pages ?? [];
  // Pages come newest first, each oldest first: the thread reads top to bottom in time order.
  const messages = [...pages].reverse().flatMap((page) => page.messages);
  const canPost = pages[0]?.can_post ?? false;
  const headingId = `thread-${kind}-${id}-title`;

  return (
    <Paper
      ref={ref}
      component="section"
      aria-labelledby={headingId}
      elevation={embedded ? 0 : undefined}
      sx={embedded ? { bgcolor: 'transparent', backgroundImage: 'none' } : { p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            sx={embedded ? visuallyHidden : { overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {description ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {description}
            </Typography>
          ) : null}
        </Box>
        {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
      </Stack>
      <Box sx={{ mt: 2 }}>
        {thread.isError ? (
          <Alert severity="error">
            {thread.error instanceof ApiError && thread.error.status === 404
              ? 'This conversation does not exist, or it is not yours to read.'
              : 'The conversation could not be loaded. Please try again.'}
          </Alert>
        ) : !thread.data ? (
          // Busy only while it loads: before it scrolls into view nothing is asked for yet.
          <Stack
            spacing={1}
            role="status"
            aria-busy={thread.fetchStatus === 'fetching'}
            aria-label="Loading the conversation"
          >
            <Skeleton variant="rounded" height={56} width="70%" />
            <Skeleton variant="rounded" height={56} width="60%" sx={{ alignSelf: 'flex-end' }} />
          </Stack>
        ) : (
          <>
            {thread.hasNextPage ? (
              <Box sx={{ textAlign: 'center', mb: 1 }}>
                <Button
                  size="small"
                  onClick={() => void thread.fetchNextPage()}
                  disabled={thread.isFetchingNextPage}
                >
                  {thread.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
                </Button>
              </Box>
            ) : null}
            <MessageList
              messages={messages}
              canPost={canPost}
              ownId={session?.user.id}
              isStaff={isStaff}
              onHide={setHiding}
            />
            <Box sx={{ mt: 2 }}>
              {canPost ? (
                <MessageComposer kind={kind} id={id} />
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {CONVERSATION_MESSAGES.roleForbids}
                </Typography>
              )}
            </Box>
          </>
        )}
      </Box>
      {isStaff ? <HideMessageDialog message={hiding} onClose={() => setHiding(null)} /> : null}
    </Paper>
  );
}

/** The messages in a box of its own height that keeps the newest in sight as they arrive. */
function MessageList({
  messages,
  canPost,
  ownId,
  isStaff,
  onHide,
}: {
  messages: ConversationMessage[];
  canPost: boolean;
  ownId: number | undefined;
  isStaff: boolean;
  onHide: (message: ConversationMessage) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const newest = messages[messages.length - 1]?.id;
  useEffect(() => {
    const element = list.current;
    if (element && newest !== undefined) element.scrollTop = element.scrollHeight;
  }, [newest]);
  if (!messages.length)
    return (
      <Typography sx={{ color: 'text.secondary', py: 2 }}>
        No messages yet.{canPost ? ' Write the first one below.' : ''}
      </Typography>
    );
  return (
    <Stack
      ref={list}
      component="ul"
      aria-label="Messages"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: { xs: '65vh', md: 520 }, overflowY: 'auto', pr: 0.5 }}
    >
      {messages.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          own={message.author.id === ownId}
          isStaff={isStaff}
          onHide={onHide}
        />
      ))}
    </Stack>
  );
}
