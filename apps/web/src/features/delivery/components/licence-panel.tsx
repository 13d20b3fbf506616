import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import {
  channelList,
  formatMoney,
  territoryList,
  type EntryLicence,
  type LicenceExtension,
  type LicenceStatus,
} from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAnswerExtension, useEntryLicence } from '../api/entry-licence';
import { ProposeExtensionDialog } from './propose-extension-dialog';

const STATUS: Record<LicenceStatus, { label: string; color: 'success' | 'warning' | 'error' }> = {
  valid: { label: 'Valid', color: 'success' },
  expired: { label: 'Expired', color: 'warning' },
  revoked: { label: 'Revoked', color: 'error' },
};

/** What the proposal offers, in words: "12 months for $750.00". */
const offer = (extension: LicenceExtension) =>
  `${extension.months} ${extension.months === 1 ? 'month' : 'months'} for ${formatMoney(extension.fee_cents, extension.currency)}`;

/** The waiting proposal: the creator answers it; the brand and staff see it wait. */
function OpenProposal({
  entryId,
  extension,
  canAnswer,
}: {
  entryId: number;
  extension: LicenceExtension;
  canAnswer: boolean;
}) {
  const answer = useAnswerExtension(entryId);
  const refusal = answer.error instanceof ApiError ? answer.error.userMessage() : null;
  return (
    <Box
      component="section"
      aria-label="Extension proposal"
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Extension proposed: {offer(extension)}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {canAnswer
          ? 'Accepting moves the licence’s end by these months; the fee is paid to you like a prize.'
          : `Proposed ${formatDateTime(extension.proposed_at)}; waiting for the creator’s answer.`}
      </Typography>
      {canAnswer && (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            size="small"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: extension.id, answer: 'accept' })}
          >
            Accept
          </Button>
          <Button
            variant="outlined"
            size="small"
            color="inherit"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: extension.id, answer: 'decline' })}
          >
            Decline
          </Button>
        </Stack>
      )}
      {refusal && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      )}
    </Box>
  );
}

function LicenceFacts({ licence }: { licence: EntryLicence }) {
  const last = licence.extensions.find((e) => e.status !== 'proposed');
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        {formatDateTime(licence.starts_at)} to {formatDateTime(licence.ends_at)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {licence.exclusive ? 'Exclusive' : 'Non-exclusive'} · {channelList(licence.channels)} ·{' '}
        {territoryList(licence.territories)}
      </Typography>
      {last && (
        <Typography variant="body2" color="text.secondary">
          Last extension: {offer(last)}, {last.status}.
        </Typography>
      )}
      <Link component={RouterLink} to={paths.licenceVerify(licence.id)} variant="body2">
        Verify this licence
      </Link>
    </Stack>
  );
}

/**
 * A placed entry's licence (issue 51) on its page: status, dates and terms; the brand's owners and
 * managers (and staff) propose an extension, the creator accepts or declines it.
 */
export function LicencePanel({
  entryId,
  canPropose,
  canAnswer,
}: {
  entryId: number;
  canPropose: boolean;
  canAnswer: boolean;
}) {
  const query = useEntryLicence(entryId);
  const [proposing, setProposing] = useState(false);
  if (query.isPending)
    return <Skeleton variant="rounded" height={120} role="status" aria-label="Loading the licence" />;
  // No licence (results not published, or the entry placed nowhere): nothing to show.
  if (query.isError) return null;
  const licence = query.data;
  const open = licence.extensions.find((e) => e.status === 'proposed');
  const status = STATUS[licence.status];
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="licence-panel-title">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id="licence-panel-title" variant="subtitle1" component="h2">
            Licence
          </Typography>
          <Chip size="small" label={status.label} color={status.color} variant="outlined" />
        </Stack>
        <LicenceFacts licence={licence} />
        {open && <OpenProposal entryId={entryId} extension={open} canAnswer={canAnswer} />}
        {canPropose && !open && licence.status !== 'revoked' && (
          <Box>
            <Button variant="outlined" size="small" onClick={() => setProposing(true)}>
              Propose extension
            </Button>
          </Box>
        )}
      </Stack>
      {canPropose && (
        <ProposeExtensionDialog
          open={proposing}
          entryId={entryId}
          licenceId={licence.id}
          currency={licence.currency}
          onClose={() => setProposing(false)}
        />
      )}
    </Paper>
  );
}
