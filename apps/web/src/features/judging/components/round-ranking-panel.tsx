import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Pagination, Skeleton, Typography } from '@mui/material';
import { JUDGING_LIMITS, ROUND_KIND_LABELS, type RoundResponse } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useAdvanceRound, useRoundRanking } from '../api/round-ranking';
import { AdvanceDialog } from './advance-dialog';
import { RankingTable } from './ranking-panel';

/**
 * The ranking of one round before the last (issue 47), on that round's rubric, and — once the
 * round has closed, for those who may (`canAdvance`) — the Advance dialog: the creators who go on
 * to the next round, each told and paid the round's stipend. The last round's ranking is the
 * contest's (RankingPanel, with places and prizes).
 */
export function RoundRankingPanel({
  contestId,
  round,
  canAdvance,
}: {
  contestId: number;
  round: RoundResponse;
  canAdvance: boolean;
}) {
  const [page, setPage] = useState(1);
  const ranking = useRoundRanking(round.id, page);
  const advance = useAdvanceRound(round.id, contestId);
  const [open, setOpen] = useState(false);
  const [advancedNow, setAdvancedNow] = useState<number | null>(null);
  const closed = round.status === 'judging' || round.status === 'closed';

  if (ranking.isPending) return <Skeleton variant="rounded" height={240} />;
  // Staff and the brand's owners and managers read a round's ranking (docs/spec-decisions.md):
  // another member of the brand is told who does, not shown a permission error.
  if (ranking.error instanceof ApiError && ranking.error.status === 403)
    return <Alert severity="info">{ranking.error.userMessage()}</Alert>;
  if (ranking.isError)
    return (
      <Alert severity="error">
        {ranking.error instanceof ApiError
          ? ranking.error.userMessage()
          : 'The ranking of this round could not be loaded.'}
      </Alert>
    );
  const data = ranking.data;
  const pages = Math.max(1, Math.ceil(data.count / JUDGING_LIMITS.rankingPageSize));
  const error = advance.error instanceof ApiError ? advance.error.userMessage() : null;

  return (
    <Card component="section" aria-labelledby="round-ranking-heading">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, md: 3 } }}>
        <Typography id="round-ranking-heading" component="h2" variant="h4">
          Ranking of round {round.position} · {ROUND_KIND_LABELS[round.kind]}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          By weighted average on this round’s criteria. The best entries advance to the next round; places and
          prizes are given in the final round only.
        </Typography>
        {advancedNow !== null && (
          <Alert severity="success" role="status">
            {advancedNow} {advancedNow === 1 ? 'creator' : 'creators'} advanced. Each was told, with their
            stipend.
          </Alert>
        )}
        {data.count === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            Nothing to rank yet: entries appear here once creators submit them.
          </Typography>
        ) : (
          <>
            <RankingTable ranking={data} />
            {pages > 1 && (
              <Pagination
                count={pages}
                page={Math.min(page, pages)}
                onChange={(_, next) => setPage(next)}
                aria-label="Ranking pages"
              />
            )}
            {canAdvance && (
              <Box>
                <Button variant="contained" disabled={!closed} onClick={() => setOpen(true)}>
                  Advance creators
                </Button>
                {!closed && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                    Creators can be advanced once the round has closed.
                  </Typography>
                )}
              </Box>
            )}
          </>
        )}
      </CardContent>
      {open && (
        <AdvanceDialog
          open
          round={round}
          entries={data.entries}
          pending={advance.isPending}
          error={error}
          onClose={() => {
            setOpen(false);
            advance.reset();
          }}
          onConfirm={(ids) =>
            advance.mutate(
              { entry_ids: ids },
              {
                onSuccess: (result) => {
                  setAdvancedNow(result.advanced.length);
                  setOpen(false);
                },
              },
            )
          }
        />
      )}
    </Card>
  );
}
