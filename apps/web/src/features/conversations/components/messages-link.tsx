import { Link as RouterLink } from 'react-router';
import { Badge, IconButton, ListItemButton, ListItemText, Tooltip } from '@mui/material';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { paths } from '../../../config/paths';
import { useLiveInvalidation } from '../../../lib/live-events';
import { conversationsKey, useUnreadMessages } from '../api/get-threads';

const labelOf = (unread: number) => (unread ? `Messages, ${unread} unread` : 'Messages');

/**
 * The navbar's Messages button (signed-in users only, beside the bell): the unread total of the
 * caller's threads, a link to the inbox. A `message` event of the live stream (a new message) or a
 * `message_hidden` one (staff hid a message) refreshes every conversation query: this badge, the
 * inbox and a thread on screen.
 */
export function MessagesLink() {
  useLiveInvalidation(['message', 'message_hidden'], conversationsKey);
  const { data: unread = 0 } = useUnreadMessages();
  return (
    <Tooltip title="Messages">
      <IconButton
        component={RouterLink}
        to={paths.messages}
        aria-label={labelOf(unread)}
        sx={{ color: 'text.primary', width: 44, height: 44 }}
      >
        <Badge badgeContent={unread} color="primary" max={99} data-testid="unread-messages">
          <ForumOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** The phone menu's Messages entry, with the same unread total. */
export function MessagesMenuItem({ onClick }: { onClick: () => void }) {
  const { data: unread = 0 } = useUnreadMessages();
  return (
    <ListItemButton
      component={RouterLink}
      to={paths.messages}
      onClick={onClick}
      aria-label={labelOf(unread)}
      sx={{ minHeight: 48, px: 3, gap: 2 }}
    >
      <ListItemText primary="Messages" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
      <Badge badgeContent={unread} color="primary" max={99} sx={{ mr: 1 }} />
    </ListItemButton>
  );
}
