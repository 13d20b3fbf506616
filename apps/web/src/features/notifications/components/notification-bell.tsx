import { Link as RouterLink } from 'react-router';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { paths } from '../../../config/paths';
import { useUnreadCount } from '../api/get-notifications';

/**
 * The navbar's bell (signed-in users only): the unread count, a link to the inbox. Loaded lazily
 * by the navbar, so public pages never carry it.
 */
export function NotificationBell() {
  const { data: unread = 0 } = useUnreadCount();
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Tooltip title="Notifications">
      <IconButton
        component={RouterLink}
        to={paths.notifications}
        aria-label={label}
        sx={{ color: 'text.primary', width: 44, height: 44 }}
      >
        <Badge badgeContent={unread} color="primary" max={99} data-testid="unread-count">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
