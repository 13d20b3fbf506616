import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Container, Stack, Typography } from '@mui/material';
import { AUDIENCE_MESSAGES } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../components/simple-page';
import { PageLoading } from '../../../components/page-loading';
import { useBrandRole } from '../../../lib/my-brand';
import { useContest } from '../../../features/contests/api/get-contest';
import { useAudience, useSetUpAudience } from '../../../features/audience/api/audience';
import { AudienceReview } from '../../../features/audience/components/audience-review';
import {
  AudienceSetupSection,
  type FinalistCandidate,
} from '../../../features/contest-admin/components/audience-setup-section';
import { rankingQueryOptions } from '../../../features/judging/api/get-ranking';
import { useContestResults } from '../../../features/judging/api/get-contest-results';
import type { Audience } from '@app/domain';

/**
 * The entries a finalist may be picked from: staff from the ranking (its first page), a brand from
 * the placed entries once results are out; the award's current finalists are always listed.
 */
function useCandidates(
  contestId: number,
  isStaff: boolean,
  audience: Audience | undefined,
): FinalistCandidate[] {
  const ranking = useQuery({ ...rankingQueryOptions(contestId), enabled: isStaff && contestId > 0 });
  const results = useContestResults(isStaff || !contestId ? undefined : contestId);
  const listed: FinalistCandidate[] = [
    ...(audience?.finalists ?? []).map((f) => ({
      entry_id: f.entry_id,
      label: `${f.title} by ${f.creator_name}`,
    })),
    ...(ranking.data?.entries ?? []).map((e) => ({
      entry_id: e.entry_id,
      label: `#${e.rank} ${e.video?.title ?? e.title ?? `Entry ${e.entry_id}`} by ${e.creator_name}`,
    })),
    ...(results.data?.winners ?? []).map((w) => ({
      entry_id: w.entry_id,
      label: `${w.video.title} by ${w.creator_name}`,
    })),
  ];
  return listed.filter((c, i) => listed.findIndex((o) => o.entry_id === c.entry_id) === i);
}

/**
 * /contests/:contestId/audience (issue 50, staff and the contest's brand): the audience award's
 * set-up (staff, the brand's owners and managers) and staff's review tools.
 */
export default function ContestAudiencePage() {
  const { contestId = '' } = useParams();
  usePageTitle('Audience award');
  const isStaff = useSession()?.user.role === 'staff';
  const brand = useBrandRole();
  const contest = useContest(contestId);
  const audience = useAudience(contestId);
  const save = useSetUpAudience(contestId);
  const candidates = useCandidates(contest.data?.id ?? 0, isStaff, audience.data);
  const maySetUp = isStaff || (brand.isBrand && brand.may('manage'));
  const notSetUp = audience.error instanceof ApiError && audience.error.status === 404;

  if (contest.isPending || (audience.isPending && !audience.isError)) return <PageLoading />;
  if (!contest.data) return <Alert severity="error">This contest does not exist.</Alert>;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Stack spacing={3}>
        <div>
          <Typography component="h1" variant="h2">
            Audience award
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{contest.data.title}</Typography>
        </div>
        {audience.data && (
          <Button
            component={RouterLink}
            to={paths.contestVote(contest.data.id)}
            sx={{ alignSelf: 'flex-start' }}
          >
            Open the public gallery
          </Button>
        )}
        {maySetUp && (audience.data || notSetUp) && (
          <AudienceSetupSection
            contest={contest.data}
            audience={audience.data}
            candidates={candidates}
            emptyCandidates={
              isStaff
                ? 'No ranked entries yet.'
                : 'The placed entries can be picked once the results are published.'
            }
            save={save}
          />
        )}
        {!maySetUp && notSetUp && <Alert severity="info">{AUDIENCE_MESSAGES.notSetUp}</Alert>}
        {isStaff && audience.data && <AudienceReview contestId={contest.data.id} audience={audience.data} />}
      </Stack>
    </Container>
  );
}
