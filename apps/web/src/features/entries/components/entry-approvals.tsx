import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  APPROVAL_LIMITS,
  APPROVAL_MESSAGES,
  APPROVAL_STATE_LABELS,
  type ApprovalDecision,
  type ApprovalState,
  type EntryApproval,
  type EntryApprovals,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useDecideApproval, useEntryApprovals } from '../api/entry-approvals';

/** As the entry's timeline writes its dates (the viewer's clock). */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const STATE_COLOR: Record<ApprovalState, 'default' | 'success' | 'warning'> = {
  pending: 'default',
  approved: 'success',
  changes_requested: 'warning',
};

/**
 * Sign-off on the final cut (issue 49), in the entry page's side column: the current version's
 * state, who approved or asked for changes on which version, and — for the brand's members whose
 * role reviews (`canDecide`) — Approve and Ask for changes with a comment. The entrant reads the
 * state and the comments.
 */
export function EntryApprovalsPanel({ entryId, canDecide }: { entryId: number; canDecide: boolean }) {
  const approvals = useEntryApprovals(entryId);
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="approvals-title">
      <Typography id="approvals-title" variant="subtitle1" component="h2" gutterBottom>
        Sign-off
      </Typography>
      {approvals.isPending && <Typography role="status">Loading the approvals…</Typography>}
      {approvals.isError && <Alert severity="error">The approvals could not be loaded.</Alert>}
      {approvals.data && (
        <Stack spacing={2}>
          <ApprovalSummary approvals={approvals.data} />
          {canDecide && <ApprovalForm entryId={entryId} version={approvals.data.version} />}
          <ApprovalList approvals={approvals.data.approvals} />
        </Stack>
      )}
    </Paper>
  );
}

/** The state badge and how many approvals the current version has of those the contest asks. */
function ApprovalSummary({ approvals }: { approvals: EntryApprovals }) {
  const current = approvals.approvals.filter(
    (a) => a.version === approvals.version && a.decision === 'approve',
  ).length;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Chip color={STATE_COLOR[approvals.state]} label={APPROVAL_STATE_LABELS[approvals.state]} />
      <Typography variant="body2" color="text.secondary">
        Version {approvals.version}:{' '}
        {approvals.required > 0
          ? `${current} of ${approvals.required} approval${approvals.required === 1 ? '' : 's'}`
          : `${current} approval${current === 1 ? '' : 's'} (the contest asks none)`}
      </Typography>
    </Stack>
  );
}

/** The caller's decision on the current version, with a comment (required to ask for changes). */
function ApprovalForm({ entryId, version }: { entryId: number; version: number }) {
  const decide = useDecideApproval(entryId);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldError = decide.error instanceof ApiError ? decide.error.fieldErrors().comment?.[0] : undefined;
  const send = (decision: ApprovalDecision) => {
    if (decision === 'changes' && !comment.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    decide.mutate({ decision, comment: comment.trim() }, { onSuccess: () => setComment('') });
  };
  return (
    <Box>
      <TextField
        label={`Comment on version ${version}`}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        size="small"
        error={missing || !!fieldError}
        helperText={missing ? APPROVAL_MESSAGES.commentRequired : fieldError}
        slotProps={{ htmlInput: { maxLength: APPROVAL_LIMITS.commentMax } }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          color="success"
          disabled={decide.isPending}
          onClick={() => send('approve')}
        >
          Approve
        </Button>
        <Button variant="outlined" disabled={decide.isPending} onClick={() => send('changes')}>
          Ask for changes
        </Button>
      </Stack>
      {decide.isError && !fieldError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {decide.error instanceof ApiError ? decide.error.userMessage() : 'The decision could not be saved.'}
        </Alert>
      )}
    </Box>
  );
}

/** Every decision, newest first, each with its version. */
function ApprovalList({ approvals }: { approvals: EntryApproval[] }) {
  if (!approvals.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No one has approved or asked for changes yet.
      </Typography>
    );
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Approvals">
      {approvals.map((a) => (
        <Box component="li" key={`${a.user_id}-${a.version}`}>
          <Typography variant="body2">
            <strong>{a.name || 'A brand member'}</strong>{' '}
            {a.decision === 'approve' ? 'approved' : 'asked for changes to'} version {a.version}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            <time dateTime={a.created_at}>{dateFormat.format(new Date(a.created_at))}</time>
          </Typography>
          {a.comment && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
              “{a.comment}”
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
