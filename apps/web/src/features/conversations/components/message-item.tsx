import { Box, Button, Stack, Typography } from '@mui/material';
import { CONVERSATION_MESSAGES, type ConversationMessage, type MessageSide } from '@app/domain';
import { formatDateTime } from '../../../lib/format';
import { MessageBody } from './message-body';

/** How each side is named beside its author. */
export const SIDE_LABELS: Record<MessageSide, string> = {
  creator: 'Creator',
  brand: 'Brand',
  staff: 'Platform team',
};

/**
 * One message: author, side and time above the text (links as links). A hidden message reads
 * "hidden by the platform team"; staff still read its text and the reason, and may hide the others.
 */
export function MessageItem({
  message,
  own,
  isStaff,
  onHide,
}: {
  message: ConversationMessage;
  own: boolean;
  isStaff: boolean;
  onHide: (message: ConversationMessage) => void;
}) {
  const { author, hidden } = message;
  return (
    <Box
      component="li"
      aria-label={`${author.name} (${SIDE_LABELS[author.side]})`}
      sx={{
        alignSelf: own ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '92%', sm: '80%' },
        bgcolor: own ? 'action.selected' : 'background.default',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.5,
        px: 1.5,
        py: 1,
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {author.name}
        </Typography>
        <Typography
          variant="caption"
          sx={{ color: author.side === 'staff' ? 'secondary.main' : 'text.secondary' }}
        >
          {SIDE_LABELS[author.side]}
        </Typography>
        <Typography
          variant="caption"
          component="time"
          dateTime={message.created_at}
          sx={{ color: 'text.secondary' }}
        >
          {formatDateTime(message.created_at)}
        </Typography>
      </Stack>
      {hidden && !isStaff ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary', mt: 0.5 }}>
          {CONVERSATION_MESSAGES.hiddenBody}
        </Typography>
      ) : (
        <Typography
          variant="body2"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            mt: 0.5,
            ...(hidden && { color: 'text.secondary' }),
          }}
        >
          <MessageBody body={message.body} />
        </Typography>
      )}
      {hidden && isStaff ? (
        <Typography variant="caption" component="p" sx={{ color: 'warning.main', mt: 0.5 }}>
          Hidden from the others, {CONVERSATION_MESSAGES.hiddenBody}
          {message.hidden_reason ? `: ${message.hidden_reason}` : ''}
        </Typography>
      ) : null}
      {isStaff && !hidden ? (
        <Button size="small" color="inherit" onClick={() => onHide(message)} sx={{ mt: 0.5, ml: -1 }}>
          Hide
        </Button>
      ) : null}
    </Box>
  );
}
