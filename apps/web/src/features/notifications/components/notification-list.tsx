import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Pagination,
  Paper,
  Skeleton,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { NOTIFICATION_LIMITS, type Notification } from '@app/domain';
import { formatDateTime } from '../../../lib/format';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import visuallyHidden from '@mui/utils/visuallyHidden';

/** The inbox: newest first, paged; opening one marks it read; "Mark all read". */
export function NotificationList() {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { data, isPending, isError } = useNotifications(page, unreadOnly);
  const markRead = useMarkRead();
  const pages = data ? Math.max(1, Math.ceil(data.count / NOTIFICATION_LIMITS.pageSize)) : 1;
  const open = (notification: Notification) => {
    if (!notification.read_at) markRead.mutate({ ids: [notification.id] });
  };
  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
        }}
      >
        <Tabs
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(_, value: string) => {
            setUnreadOnly(value === 'unread');
            setPage(1);
          }}
          aria-label="Which notifications"
        >
          <Tab value="all" label="All" />
          <Tab value="unread" label={data ? `Unread (${data.unread})` : 'Unread'} />
        </Tabs>
        <Button
          variant="outlined"
          color="inherit"
          disabled={!data?.unread || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all read
        </Button>
      </Box>
      {isError && <Alert severity="error">Your notifications could not be loaded. Try again later.</Alert>}
      {isPending && <Skeleton variant="rounded" height={160} />}
      {data && !data.results.length && (
        <Typography color="textSecondary" sx={{ py: 4 }}>
          {unreadOnly
            ? 'Nothing unread.'
            : 'No notifications yet. What happens to your videos and entries shows up here.'}
        </Typography>
      )}
      {data && data.results.length > 0 && (
        <Paper variant="outlined">
          <List disablePadding aria-label="Notifications">
            {data.results.map((notification, index) => (
              <ListItem key={notification.id} disablePadding divider={index < data.results.length - 1}>
                <ListItemButton
                  component={RouterLink}
                  to={notification.url}
                  onClick={() => open(notification)}
                  sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      mt: 1,
                      width: 8,
                      height: 8,
                      flexShrink: 0,
                      borderRadius: '50%',
                      bgcolor: notification.read_at ? 'transparent' : 'primary.main',
                    }}
                  />
                  <ListItemText
                    primary={
                      <>
                        {!notification.read_at && (
                          <Box component="span" sx={visuallyHidden}>
                            Unread:{' '}
                          </Box>
                        )}
                        {notification.title}
                      </>
                    }
                    secondary={formatDateTime(notification.created_at)}
                    slotProps={{
                      primary: {
                        sx: { fontWeight: notification.read_at ? 400 : 600, overflowWrap: 'anywhere' },
                      },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={page}
          onChange={(_, value) => setPage(value)}
        />
      )}
    </Box>
  );
}
