import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  AUDIENCE_LIMITS,
  formatMoney,
  type Audience,
  type VoteCluster,
  type VoidVotesBody,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { stackedTableSx } from '../../../components/stacked-table';
import {
  fetchVotesCsv,
  useAudienceTally,
  useAwardAudience,
  useReleaseVotes,
  useVoidVotes,
  useVoteClusters,
  useVotesCsv,
} from '../api/audience';
import { parseVotesCsv } from '../lib/votes-csv';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.userMessage() : fallback;

function Panel({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id={id} component="h2" variant="h5">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Staff's tools for an audience award (issue 50): tally, award, suspect votes, clusters, CSV. */
export function AudienceReview({ contestId, audience }: { contestId: number; audience: Audience }) {
  const titleOf = (entryId: number) =>
    audience.finalists.find((f) => f.entry_id === entryId)?.title ?? `Entry ${entryId}`;
  return (
    <Stack spacing={3}>
      <TallyPanel contestId={contestId} audience={audience} titleOf={titleOf} />
      <SuspectPanel contestId={contestId} titleOf={titleOf} />
      <ClustersPanel contestId={contestId} />
    </Stack>
  );
}

function TallyPanel({
  contestId,
  audience,
  titleOf,
}: {
  contestId: number;
  audience: Audience;
  titleOf: (entryId: number) => string;
}) {
  const tally = useAudienceTally(contestId, true);
  const award = useAwardAudience(contestId);
  const [csvError, setCsvError] = useState(false);
  const rows = [...(tally.data ?? [])].sort((a, b) => b.votes - a.votes);
  const download = () =>
    fetchVotesCsv(contestId)
      .then((csv) => saveFile(new Blob([csv], { type: 'text/csv' }), `votes-contest-${contestId}.csv`))
      .catch(() => setCsvError(true));
  return (
    <Panel title="Tally" id="audience-tally">
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="audience-tally" sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Film</TableCell>
              <TableCell align="right">Counted</TableCell>
              <TableCell align="right">Suspect</TableCell>
              <TableCell align="right">Voided</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.entry_id}>
                <TableCell data-heading>
                  {titleOf(row.entry_id)}
                  {audience.winner_entry_id === row.entry_id ? ' · winner' : ''}
                </TableCell>
                <TableCell align="right" data-label="Counted">
                  {row.votes}
                </TableCell>
                <TableCell align="right" data-label="Suspect">
                  {row.suspect}
                </TableCell>
                <TableCell align="right" data-label="Voided">
                  {row.voided}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" onClick={() => void download()}>
          Download votes (CSV)
        </Button>
        {audience.status === 'closed' && audience.winner_entry_id === null && (
          <Button variant="contained" disabled={award.isPending} onClick={() => award.mutate()}>
            {award.isPending ? 'Awarding...' : 'Confirm the audience award'}
          </Button>
        )}
      </Stack>
      {csvError && <Alert severity="error">The votes could not be exported.</Alert>}
      {award.error && <Alert severity="error">{failure(award.error, 'The award was not given.')}</Alert>}
      {award.data && (
        <Alert severity="success">
          {`“${titleOf(award.data.entry_id)}” wins the audience award: ${formatMoney(award.data.amount_cents, audience.currency)} on the ledger.`}
        </Alert>
      )}
    </Panel>
  );
}

function SuspectPanel({ contestId, titleOf }: { contestId: number; titleOf: (entryId: number) => string }) {
  const csv = useVotesCsv(contestId);
  const release = useReleaseVotes(contestId);
  const suspect = parseVotesCsv(csv.data ?? '').filter((vote) => vote.status === 'suspect');
  const releaseIds = (ids: number[]) => release.mutate({ vote_ids: ids.slice(0, AUDIENCE_LIMITS.idsMax) });
  return (
    <Panel title="Suspect votes" id="audience-suspect">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Held because their address or network voted fast; they count only once released.
      </Typography>
      {suspect.length === 0 ? (
        <Typography>No suspect votes.</Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="audience-suspect" sx={stackedTableSx}>
              <TableHead>
                <TableRow>
                  <TableCell>Film</TableCell>
                  <TableCell>Account</TableCell>
                  <TableCell>Flags</TableCell>
                  <TableCell>Cast</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {suspect.map((vote) => (
                  <TableRow key={vote.id}>
                    <TableCell data-heading>{titleOf(vote.entryId)}</TableCell>
                    <TableCell data-label="Account">{vote.accountId}</TableCell>
                    <TableCell data-label="Flags">{vote.flags.join(', ')}</TableCell>
                    <TableCell data-label="Cast">{formatDateTime(vote.castAt)}</TableCell>
                    <TableCell align="right" data-wide>
                      <Button size="small" disabled={release.isPending} onClick={() => releaseIds([vote.id])}>
                        Release
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            disabled={release.isPending}
            onClick={() => releaseIds(suspect.map((vote) => vote.id))}
          >
            Release all {suspect.length}
          </Button>
        </>
      )}
      {release.error && (
        <Alert severity="error">{failure(release.error, 'The votes were not released.')}</Alert>
      )}
    </Panel>
  );
}

const KIND_LABELS: Record<VoteCluster['kind'], string> = {
  network: 'Network',
  minute: 'Minute',
  signup_day: 'Sign-up day',
};

/**
 * The void filter a cluster stands for: its network, its minute, or a sign-up day's accounts
 * (those the clusters name, at most `AUDIENCE_LIMITS.idsMax`; none left, nothing to void).
 */
function voidFilterOf(cluster: VoteCluster): Omit<VoidVotesBody, 'reason'> | null {
  if (cluster.kind === 'network') return { network: cluster.key };
  if (cluster.kind === 'minute') {
    const from = new Date(cluster.key);
    return { from: from.toISOString(), to: new Date(from.getTime() + 60_000).toISOString() };
  }
  return cluster.account_ids?.length ? { account_ids: cluster.account_ids } : null;
}

/** What voiding a cluster does, in words. */
function voidSummary(cluster: VoteCluster): string {
  const ids = cluster.account_ids?.length ?? 0;
  if (cluster.kind === 'signup_day' && ids >= AUDIENCE_LIMITS.idsMax)
    return `The votes of the first ${ids} of its accounts stop counting (void again for the rest). Voters are not told.`;
  return `${cluster.votes - cluster.voided} votes from ${cluster.accounts} accounts stop counting. Voters are not told.`;
}

function ClustersPanel({ contestId }: { contestId: number }) {
  const clusters = useVoteClusters(contestId);
  const [target, setTarget] = useState<VoteCluster | null>(null);
  return (
    <Panel title="Clusters" id="audience-clusters">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Where votes bunch up: by network, by minute, by the day the accounts were made.
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="audience-clusters" sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Cluster</TableCell>
              <TableCell align="right">Votes</TableCell>
              <TableCell align="right">Suspect</TableCell>
              <TableCell align="right">Voided</TableCell>
              <TableCell align="right">Accounts</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(clusters.data ?? []).map((cluster) => (
              <TableRow key={`${cluster.kind}:${cluster.key}`}>
                <TableCell data-heading>
                  {KIND_LABELS[cluster.kind]}{' '}
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {cluster.key}
                  </Box>
                </TableCell>
                <TableCell align="right" data-label="Votes">
                  {cluster.votes}
                </TableCell>
                <TableCell align="right" data-label="Suspect">
                  {cluster.suspect}
                </TableCell>
                <TableCell align="right" data-label="Voided">
                  {cluster.voided}
                </TableCell>
                <TableCell align="right" data-label="Accounts">
                  {cluster.accounts}
                </TableCell>
                <TableCell align="right" data-wide sx={{ py: 0 }}>
                  {voidFilterOf(cluster) && cluster.voided < cluster.votes ? (
                    <Button size="small" color="error" onClick={() => setTarget(cluster)}>
                      Void
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {target && <VoidDialog contestId={contestId} cluster={target} onClose={() => setTarget(null)} />}
    </Panel>
  );
}

function VoidDialog({
  contestId,
  cluster,
  onClose,
}: {
  contestId: number;
  cluster: VoteCluster;
  onClose: () => void;
}) {
  const voidVotes = useVoidVotes(contestId);
  const [reason, setReason] = useState('');
  const filter = voidFilterOf(cluster)!;
  return (
    <Dialog open onClose={voidVotes.isPending ? undefined : onClose} aria-labelledby="void-title" fullWidth>
      <DialogTitle id="void-title">
        Void the votes of {KIND_LABELS[cluster.kind].toLowerCase()} {cluster.key}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>{voidSummary(cluster)}</Typography>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          required
          slotProps={{ htmlInput: { maxLength: AUDIENCE_LIMITS.reasonMax } }}
          autoFocus
        />
        {voidVotes.error && (
          <Alert severity="error">{failure(voidVotes.error, 'The votes were not voided.')}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={voidVotes.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={voidVotes.isPending || reason.trim() === ''}
          onClick={() => voidVotes.mutate({ ...filter, reason }, { onSuccess: onClose })}
        >
          {voidVotes.isPending ? 'Voiding...' : 'Void votes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
