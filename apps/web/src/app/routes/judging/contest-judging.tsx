import { useState } from 'react';
import { useParams } from 'react-router';
import { Container, Stack, Typography } from '@mui/material';
import { currentRound } from '@app/domain';
import { useContestRounds } from '../../../lib/contest-rounds';
import { useBrandRole } from '../../../lib/my-brand';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { JudgingBoard } from '../../../features/judging/components/judging-board';
import { RankingPanel } from '../../../features/judging/components/ranking-panel';
import { RoundRankingPanel } from '../../../features/judging/components/round-ranking-panel';
import { RoundSelector } from '../../../features/judging/components/round-selector';

/**
 * /contests/:contestId/judging (staff and the contest's brand): score each entry on the rubric;
 * staff also see the ranking and publish the results. A contest in rounds (issue 47) has a round
 * selector: a round before the last shows its ranking, and its Advance dialog to staff and the
 * brand's owners and managers; the last round's ranking is the contest's.
 */
export default function ContestJudgingPage() {
  const { contestId = '' } = useParams();
  const id = Number(contestId);
  const session = useSession();
  const brandRole = useBrandRole();
  const rounds = useContestRounds(id).data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  usePageTitle('Judging');
  const inRounds = rounds.length >= 2;
  const round = rounds.find((r) => r.id === chosen) ?? currentRound(rounds);
  const final = !inRounds || round === rounds[rounds.length - 1];
  const isStaff = session?.user.role === 'staff';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
        Judging
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 720 }}>
        Score each film on the contest’s criteria from 1 to 10 and tell the creator why. You can change your
        scores until judging closes.
      </Typography>
      <Stack spacing={4}>
        {inRounds && round && <RoundSelector rounds={rounds} value={round.id} onChange={setChosen} />}
        {final
          ? isStaff && <RankingPanel contestId={id} />
          : round &&
            (isStaff || brandRole.isBrand) && (
              <RoundRankingPanel
                key={round.id}
                contestId={id}
                round={round}
                canAdvance={isStaff || brandRole.may('manage')}
              />
            )}
        <JudgingBoard contestId={id} />
      </Stack>
    </Container>
  );
}
