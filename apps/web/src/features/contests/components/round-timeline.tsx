import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  currentRound,
  formatContestDate,
  formatMoney,
  ROUND_ENTRY_POLICY_LABELS,
  ROUND_KIND_ASKS,
  ROUND_KIND_LABELS,
  ROUND_STATUS_LABELS,
  type ContestResponse,
  type RoundResponse,
} from '@app/domain';

type ContestFacts = Pick<ContestResponse, 'id' | 'timezone'>;

/**
 * The rounds of a contest in rounds (issue 47) as a timeline, the current one highlighted, with
 * what each asks for, its stipend and whether it takes wildcards. Its own chunk (contest-rounds.tsx
 * loads it only for two rounds or more).
 */
export default function RoundTimeline({
  contest,
  rounds,
}: {
  contest: ContestFacts;
  rounds: RoundResponse[];
}) {
  const current = currentRound(rounds);
  return (
    <Box component="section" aria-labelledby="rounds-heading">
      <Typography id="rounds-heading" component="h2" variant="h3" gutterBottom>
        {rounds.length} rounds
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 640 }}>
        The contest runs in rounds. The judges advance the best entries of each round to the next; only the
        final film round decides places and prizes.
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: `repeat(${rounds.length}, 1fr)` },
        }}
      >
        {rounds.map((round) => (
          <RoundCard key={round.id} round={round} contest={contest} current={round === current} />
        ))}
      </Box>
    </Box>
  );
}

function RoundCard({
  round,
  contest,
  current,
}: {
  round: RoundResponse;
  contest: ContestFacts;
  current: boolean;
}) {
  const tz = contest.timezone;
  const stipend = formatMoney(round.stipend_cents, round.currency, { wholeUnits: true });
  return (
    <Box
      component="li"
      aria-current={current ? 'step' : undefined}
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: current ? 'primary.main' : 'divider',
        borderRadius: 3,
        p: 3,
        opacity: round.status === 'closed' && !current ? 0.75 : 1,
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="overline" sx={{ color: current ? 'primary.main' : 'text.secondary' }}>
          Round {round.position} · {ROUND_KIND_LABELS[round.kind]}
        </Typography>
        <Chip
          size="small"
          label={
            current
              ? `Now: ${ROUND_STATUS_LABELS[round.status].toLowerCase()}`
              : ROUND_STATUS_LABELS[round.status]
          }
          color={current ? 'primary' : 'default'}
        />
      </Stack>
      <Typography component="h3" variant="h5" gutterBottom>
        {round.title}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatContestDate(round.opens_at, tz)} – {formatContestDate(round.closes_at, tz, { time: true })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Judged by {formatContestDate(round.judging_ends_at, tz)}
      </Typography>
      <Typography sx={{ mb: 1 }}>{ROUND_KIND_ASKS[round.kind]}</Typography>
      {round.brief && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {round.brief}
        </Typography>
      )}
      <Box component="ul" sx={{ pl: 2.5, m: 0, color: 'text.secondary' }}>
        <Typography component="li" variant="body2">
          Who enters: {ROUND_ENTRY_POLICY_LABELS[round.entry_policy].toLowerCase()}.
        </Typography>
        {round.advance_count > 0 && (
          <Typography component="li" variant="body2">
            Up to {round.advance_count} advance to the next round
            {round.stipend_cents > 0 ? `, each paid a ${stipend} stipend.` : '.'}
          </Typography>
        )}
        {round.allow_wildcards ? (
          <Typography component="li" variant="body2">
            Wildcards welcome: a creator who was not advanced may still enter, at their own cost (no stipend),
            and can win.
          </Typography>
        ) : (
          round.entry_policy === 'advanced' && (
            <Typography component="li" variant="body2">
              No wildcards: only the creators advanced enter.
            </Typography>
          )
        )}
      </Box>
    </Box>
  );
}
