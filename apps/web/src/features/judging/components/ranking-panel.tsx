import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Pagination,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { formatMoney, JUDGING_LIMITS, ordinal, type PublishResultsBody, type Ranking } from '@app/domain';
import { stackedTableSx } from '../../../components/stacked-table';
import { ApiError } from '../../../lib/api-client';
import { useRanking } from '../api/get-ranking';
import { usePublishResults } from '../api/publish-results';
import { parseDollars } from '../lib/format';

/**
 * A place and prize typed for an entry. Kept by entry id in the panel's state, so places typed on
 * one page of the ranking stay while staff look at another (with the creator's name, for the
 * confirmation, as the other pages' entries are not loaded then).
 */
interface Draft {
  place: string;
  prize: string;
  name?: string;
}

/** Turns the typed places and prizes into the request; a message when something is off. */
function toPlaces(drafts: Record<number, Draft>): PublishResultsBody | string {
  const places: PublishResultsBody['places'] = [];
  for (const [entryId, draft] of Object.entries(drafts)) {
    if (!draft.place.trim()) continue;
    const place = Number(draft.place);
    if (!Number.isInteger(place) || place < 1 || place > JUDGING_LIMITS.placesMax)
      return `A place is a whole number from 1 to ${JUDGING_LIMITS.placesMax}.`;
    const prize = draft.prize.trim() ? parseDollars(draft.prize) : 0;
    if (prize === null || prize > JUDGING_LIMITS.prizeMaxCents)
      return 'A prize is an amount in dollars, such as 5000 or 250.50.';
    places.push({ entry_id: Number(entryId), place, prize_cents: prize });
  }
  if (!places.length) return 'Give at least one place.';
  if (new Set(places.map((p) => p.place)).size !== places.length) return 'Each place may be given once.';
  return { places: places.sort((a, b) => a.place - b.place) };
}

/**
 * The ranking's table; `placing`: the final round's (a contest's) places and prizes to type, else
 * (an earlier round of a contest in rounds, issue 47) none.
 */
export function RankingTable({
  ranking,
  drafts = {},
  onDraft,
}: {
  ranking: Ranking;
  drafts?: Record<number, Draft>;
  /** Given: the place and prize columns. */
  onDraft?: (entryId: number, draft: Draft) => void;
}) {
  const published = Boolean(ranking.results_published_at);
  const placing = onDraft !== undefined;
  return (
    // Phones: one card per entry (see stackedTableSx), with its place and prize fields.
    <TableContainer>
      <Table size="small" aria-label="Ranking" sx={stackedTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>Rank</TableCell>
            <TableCell>Entry</TableCell>
            <TableCell align="right">Weighted average</TableCell>
            <TableCell align="right">Judges</TableCell>
            <TableCell align="right">Spread</TableCell>
            {placing && <TableCell>Place</TableCell>}
            {placing && <TableCell>Prize ({ranking.currency})</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {ranking.entries.map((e) => {
            const draft = { ...(drafts[e.entry_id] ?? { place: '', prize: '' }), name: e.creator_name };
            return (
              <TableRow key={e.entry_id}>
                <TableCell data-label="Rank">
                  {e.rank}
                  {e.tied && <Chip size="small" label="tie" variant="outlined" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell data-heading sx={{ minWidth: { md: 180 } }}>
                  <Typography variant="body2">{e.creator_name}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    Entry {e.entry_id} · {e.video?.title ?? e.title}
                  </Typography>
                  {(e.wildcard || e.advanced) && (
                    <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5 }}>
                      {e.wildcard && <Chip size="small" variant="outlined" label="Wildcard" />}
                      {e.advanced && <Chip size="small" color="success" label="Advanced" />}
                    </Box>
                  )}
                </TableCell>
                <TableCell data-label="Weighted average" align="right">
                  {e.weighted_average?.toFixed(2) ?? '—'}
                </TableCell>
                <TableCell data-label="Judges" align="right">
                  {e.judges}
                </TableCell>
                <TableCell data-label="Spread" align="right">
                  {e.judges ? e.spread.toFixed(2) : '—'}
                </TableCell>
                {placing && (
                  <TableCell data-label="Place" sx={{ minWidth: { md: 90 } }}>
                    {published ? (
                      (e.place && ordinal(e.place)) || '—'
                    ) : (
                      <TextField
                        size="small"
                        value={draft.place}
                        onChange={(event) => onDraft(e.entry_id, { ...draft, place: event.target.value })}
                        slotProps={{
                          htmlInput: { inputMode: 'numeric', 'aria-label': `Place of entry ${e.entry_id}` },
                        }}
                      />
                    )}
                  </TableCell>
                )}
                {placing && (
                  <TableCell data-label={`Prize (${ranking.currency})`} sx={{ minWidth: { md: 120 } }}>
                    {published ? (
                      e.prize_cents ? (
                        formatMoney(e.prize_cents, ranking.currency)
                      ) : (
                        '—'
                      )
                    ) : (
                      <TextField
                        size="small"
                        value={draft.prize}
                        onChange={(event) => onDraft(e.entry_id, { ...draft, prize: event.target.value })}
                        slotProps={{
                          htmlInput: { inputMode: 'decimal', 'aria-label': `Prize of entry ${e.entry_id}` },
                        }}
                      />
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Staff's part of the judging page: the ranking (weighted average, judges, spread; ties follow
 * the documented rule), places and prizes, and publishing them after a confirmation.
 */
export function RankingPanel({ contestId }: { contestId: number }) {
  const [page, setPage] = useState(1);
  // On a phone the pager keeps to one line: first, current and last page with the arrows.
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const ranking = useRanking(contestId, page, true);
  const publish = usePublishResults(contestId);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [confirm, setConfirm] = useState<PublishResultsBody | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (ranking.isPending) return <Skeleton variant="rounded" height={240} />;
  if (ranking.isError) return <Alert severity="error">The ranking could not be loaded.</Alert>;
  const data = ranking.data;
  const published = Boolean(data.results_published_at);
  const pages = Math.max(1, Math.ceil(data.count / JUDGING_LIMITS.rankingPageSize));
  const nameOf = (entryId: number) =>
    data.entries.find((e) => e.entry_id === entryId)?.creator_name ??
    drafts[entryId]?.name ??
    `Entry ${entryId}`;
  const placesGiven = Object.values(drafts).filter((d) => d.place.trim()).length;
  const error = publish.error instanceof ApiError ? publish.error.userMessage() : null;

  return (
    <Card component="section" aria-labelledby="ranking-heading">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, md: 3 } }}>
        <Typography id="ranking-heading" component="h2" variant="h4">
          Ranking
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          By weighted average over the judges. Equal averages: more judges first, then the earlier submission.
        </Typography>
        {data.count === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            Nothing to rank yet: entries appear here once creators submit them.
          </Typography>
        ) : (
          <>
            <RankingTable
              ranking={data}
              drafts={drafts}
              onDraft={(entryId, draft) => setDrafts((d) => ({ ...d, [entryId]: draft }))}
            />
            {pages > 1 ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <Pagination
                  count={pages}
                  page={Math.min(page, pages)}
                  onChange={(_, next) => setPage(next)}
                  siblingCount={narrow ? 0 : 1}
                  aria-label="Ranking pages"
                />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {data.count} entries
                  {!published && placesGiven
                    ? ` · ${placesGiven} place${placesGiven === 1 ? '' : 's'} given (on every page)`
                    : ''}
                </Typography>
              </Box>
            ) : null}
          </>
        )}
        {data.count === 0 ? null : published ? (
          <Alert severity="success">Results published. Entrants were e-mailed their scorecards.</Alert>
        ) : (
          <Box>
            {problem && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {problem}
              </Alert>
            )}
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <Button
              variant="contained"
              onClick={() => {
                const body = toPlaces(drafts);
                if (typeof body === 'string') return setProblem(body);
                setProblem(null);
                setConfirm(body);
              }}
            >
              Publish results
            </Button>
          </Box>
        )}
      </CardContent>
      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)} aria-labelledby="publish-title">
        <DialogTitle id="publish-title">Publish these results?</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Publishing is final: places and prizes can then only be corrected through an audited correction.
            Every entrant is e-mailed their scorecard, and each prize becomes a pending payout.
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {confirm?.places.map((p) => (
              <li key={p.entry_id}>
                {ordinal(p.place)}: {nameOf(p.entry_id)} — {formatMoney(p.prize_cents, data.currency)}
              </li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={publish.isPending}
            onClick={() => confirm && publish.mutate(confirm, { onSettled: () => setConfirm(null) })}
          >
            Publish now
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
