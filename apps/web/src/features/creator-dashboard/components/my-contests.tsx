import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import {
  ENTRY_STATUS_LABELS,
  formatContestDate,
  formatMoney,
  ordinal,
  ROUND_KIND_LABELS,
  type DashboardContest,
} from '@app/domain';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import { paths } from '../../../config/paths';
import { EntryTimeline } from '../../../components/entry-timeline';

export interface ContestLists {
  running: DashboardContest[];
  applied: DashboardContest[];
  ended: DashboardContest[];
}

const TABS = [
  { key: 'running', label: 'Running', dateLabel: 'Deadline', empty: 'No running contests found.' },
  {
    key: 'applied',
    label: 'Applied',
    dateLabel: 'Deadline',
    empty: "You haven't applied to any contests yet.",
  },
  { key: 'ended', label: 'Ended', dateLabel: 'End Date', empty: 'No past contests found.' },
] as const;

const CHIP = {
  active: { label: 'Active', color: 'success' },
  applied: { label: 'Applied', color: 'warning' },
  completed: { label: 'Completed', color: 'default' },
} as const;

/** The chip of a contest row: "Selected" or "Declined" once staff decided, else the list's status. */
function chipOf(contest: DashboardContest): {
  label: string;
  color: 'success' | 'warning' | 'default' | 'info';
} {
  if (contest.status === 'active' && contest.application_status === 'selected' && !contest.submission)
    return { label: 'Selected', color: 'info' };
  if (contest.status === 'completed' && contest.application_status === 'declined')
    return { label: 'Declined', color: 'default' };
  return CHIP[contest.status];
}

/** "Shipped with UPS · 1Z999" (or "Delivered …") under a selected creator's contest. */
function ShipmentLine({ contest }: { contest: DashboardContest }) {
  if (!contest.shipment) return null;
  const { carrier, tracking_number: tracking, delivered_at: delivered } = contest.shipment;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
      {delivered ? 'Delivered' : 'Shipped'} with {carrier} · Tracking number{' '}
      <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.primary' }}>
        {tracking}
      </Box>
    </Typography>
  );
}

/**
 * The latest submission per contest (issue 15): the newest version's video, the entry's status
 * and its timeline with dates; a selected creator of a running contest without one gets the link
 * to submit.
 */
function Submissions({ contests }: { contests: DashboardContest[] }) {
  const submitted = contests.filter((c) => c.submission);
  const toSubmit = contests.filter(
    (c) => !c.submission && c.application_status === 'selected' && c.status === 'active',
  );
  if (!submitted.length && !toSubmit.length) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Your submissions
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {toSubmit.map((contest) => (
          <Box
            component="li"
            key={contest.id}
            sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}
          >
            <Typography sx={{ fontWeight: 600 }}>{contest.title}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              You are selected. Videos are due{' '}
              {formatContestDate(contest.deadline, contest.timezone, { time: true })}.
            </Typography>
            <Button
              component={RouterLink}
              to={paths.contestSubmit(contest.id)}
              variant="contained"
              size="small"
            >
              Submit your video
            </Button>
          </Box>
        ))}
        {submitted.map((contest) => {
          const submission = contest.submission!;
          return (
            <Box
              component="li"
              key={contest.id}
              sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}
            >
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{
                  justifyContent: 'space-between',
                  alignItems: 'flex-start',
                  flexWrap: 'wrap',
                  rowGap: 1,
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{contest.title}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    Latest submission: “{submission.video_title}” · version {submission.version}
                  </Typography>
                </Box>
                <Chip size="small" color="primary" label={ENTRY_STATUS_LABELS[submission.status]} />
              </Stack>
              <Box sx={{ mt: 1.5 }}>
                <EntryTimeline
                  steps={submission.timeline}
                  label={`Timeline of your entry to ${contest.title}`}
                />
              </Box>
              <Button component={RouterLink} to={paths.entry(submission.id)} size="small" sx={{ mt: 1 }}>
                Open your entry
              </Button>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/**
 * The round a contest in rounds is in, and whether the creator advanced (issue 47); nothing for a
 * one-round contest (its only round, a film round, says nothing its row does not).
 */
function RoundLine({ contest }: { contest: DashboardContest }) {
  const round = contest.round;
  if (!round || (round.position === 1 && round.kind === 'film' && !contest.advanced)) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        label={`Round ${round.position} · ${ROUND_KIND_LABELS[round.kind]}`}
        title={round.title}
      />
      {contest.advanced && <Chip size="small" color="success" label="Advanced" />}
    </Stack>
  );
}

/** A contest's result for the creator: the place won and the prize, and the scorecard once published. */
function ContestResultLine({ contest }: { contest: DashboardContest }) {
  const entryId = contest.scorecard_entry_id;
  if (!contest.result && !entryId) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: { xs: 1, sm: 0 } }}>
      {contest.result && (
        <Chip
          size="small"
          color="primary"
          icon={<EmojiEventsRounded />}
          label={`${ordinal(contest.result.place)} place${contest.result.prize_cents > 0 ? ` · ${formatMoney(contest.result.prize_cents, contest.result.currency)}` : ''}`}
        />
      )}
      {entryId ? (
        <Link component={RouterLink} to={paths.scorecard(entryId)} variant="body2">
          Scorecard
        </Link>
      ) : null}
    </Stack>
  );
}

/**
 * Spec §2 My Contests: tabs Running, Applied and Ended, each listing exactly its own list
 * (the original's running/active mismatch is not reproduced; docs/spec-decisions.md).
 */
export function MyContests({ lists, loading }: { lists: ContestLists | undefined; loading: boolean }) {
  const [tab, setTab] = useState(0);
  const current = TABS[tab]!;
  const rows = lists?.[current.key] ?? [];

  return (
    <Card component="section" aria-labelledby="my-contests-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="my-contests-heading" component="h2" variant="h4">
          My Contests
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, value: number) => setTab(value)}
          aria-label="My contests"
          variant="fullWidth"
          sx={{ mt: 1 }}
        >
          {TABS.map((t, index) => (
            <Tab
              key={t.key}
              label={t.label}
              id={`contests-tab-${t.key}`}
              aria-controls={`contests-panel-${t.key}`}
              value={index}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`contests-panel-${current.key}`}
          aria-labelledby={`contests-tab-${current.key}`}
          sx={{ pt: 2 }}
        >
          {loading ? (
            <Box aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={48} />
              ))}
            </Box>
          ) : rows.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 4 }}>
              <Typography sx={{ color: 'text.secondary' }}>{current.empty}</Typography>
              {current.key === 'running' && (
                <Button component={RouterLink} to={paths.contests} variant="contained" sx={{ mt: 2 }}>
                  Browse Contests
                </Button>
              )}
            </Box>
          ) : (
            <>
              {/* Phones: one block per contest; wider screens: the table. */}
              <Stack
                component="ul"
                spacing={1.5}
                sx={{ display: { xs: 'flex', sm: 'none' }, listStyle: 'none', p: 0, m: 0 }}
              >
                {rows.map((contest) => (
                  <Box
                    component="li"
                    key={contest.id}
                    sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}
                  >
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
                    >
                      <Link component={RouterLink} to={paths.contest(contest.id)} sx={{ fontWeight: 600 }}>
                        {contest.title}
                      </Link>
                      <Chip size="small" label={chipOf(contest).label} color={chipOf(contest).color} />
                    </Stack>
                    <RoundLine contest={contest} />
                    <ContestResultLine contest={contest} />
                    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                      Prize {formatMoney(contest.prize_cents, contest.currency)} · {current.dateLabel}{' '}
                      {formatContestDate(
                        current.key === 'ended' ? contest.end_date : contest.deadline,
                        contest.timezone,
                      )}
                    </Typography>
                    <ShipmentLine contest={contest} />
                  </Box>
                ))}
              </Stack>
              <TableContainer sx={{ display: { xs: 'none', sm: 'block' }, overflowX: 'auto' }}>
                <Table size="small" aria-label={`${current.label} contests`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Contest Name</TableCell>
                      <TableCell>Prize</TableCell>
                      <TableCell>{current.dateLabel}</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Result</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((contest) => (
                      <TableRow key={contest.id}>
                        <TableCell sx={{ minWidth: 140 }}>
                          <Link component={RouterLink} to={paths.contest(contest.id)}>
                            {contest.title}
                          </Link>
                          <ShipmentLine contest={contest} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(contest.prize_cents, contest.currency)}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatContestDate(
                            current.key === 'ended' ? contest.end_date : contest.deadline,
                            contest.timezone,
                          )}
                        </TableCell>
                        <TableCell>
                          <Chip size="small" label={chipOf(contest).label} color={chipOf(contest).color} />
                          <RoundLine contest={contest} />
                        </TableCell>
                        <TableCell sx={{ minWidth: 140 }}>
                          <ContestResultLine contest={contest} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Box>
        {lists && <Submissions contests={[...lists.running, ...lists.ended]} />}
      </CardContent>
    </Card>
  );
}
