import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { Alert, Box, Container, Stack, Typography } from '@mui/material';
import { FEATURED_CONTEST_SLUG, type ContestResponse } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { isArriving } from '../../../lib/page-data';
import { useContest } from '../../../features/contests/api/get-contest';
import {
  ContestBanner,
  ContestBrief,
  ContestDetailSkeleton,
} from '../../../features/contests/components/contest-overview';
import { ContestRounds } from '../../../features/contests/components/contest-rounds';
import { ProductTiles } from '../../../features/contests/components/product-tiles';
import { FeatureAccordion } from '../../../features/contests/components/feature-accordion';
import { InspirationCarousel } from '../../../features/contests/components/inspiration-carousel';
import { ContestAdminActions } from '../../../features/contest-admin/components/contest-admin-actions';
import { ContestResults } from '../../../features/judging/components/contest-results';
import { JudgingLink } from '../../../features/judging/components/judging-link';
import { Hydrated } from '../../../components/hydrated';
import { AudienceLink } from '../../../features/audience/components/audience-link';

/** /contests/hbada-chair-contest and /contests/:contestId (spec §2 Contest detail). */
export default function ContestDetailPage() {
  const { contestId = FEATURED_CONTEST_SLUG } = useParams();
  const contest = useContest(contestId);
  usePageTitle(contest.data?.title ?? 'Contest');

  if (contest.isPending) {
    return <ContestDetailSkeleton />;
  }
  if (contest.isError) {
    const notFound = contest.error instanceof ApiError && contest.error.status === 404;
    return (
      <Container maxWidth="md" sx={{ py: 10 }}>
        <Alert severity="error">
          {notFound ? 'This contest does not exist.' : 'Failed to load the contest. Please try again.'}
        </Alert>
      </Container>
    );
  }
  return <ContestDetail contest={contest.data} />;
}

function ContestDetail({ contest }: { contest: ContestResponse }) {
  // The banner (the first screen) renders at once; the sections below follow in a background
  // render that yields to the browser, so the main thread is never blocked for the whole page.
  // A page that arrived with its contest has them in its HTML: they render (hydrate) at once.
  const sections = useDeferredValue<ContestResponse | null>(contest, isArriving() ? contest : null);
  return (
    <>
      <ContestAdminActions contest={contest} />
      <ContestBanner contest={contest} />
      {sections ? <ContestSections contest={sections} /> : <Box sx={{ minHeight: '100vh' }} />}
    </>
  );
}

function ContestSections({ contest }: { contest: ContestResponse }) {
  const noun = contest.landing.product_noun;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={{ xs: 8, md: 12 }}>
        <JudgingLink contestId={contest.id} />
        <AudienceLink contestId={contest.id} />
        <ContestResults contestId={contest.id} />
        <ContestRounds contest={contest} />
        <Hydrated>
          <Box component="section" aria-labelledby="chairs-heading">
            <Typography id="chairs-heading" component="h2" variant="h3" gutterBottom>
              Choose your {noun}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 640 }}>
              Each selected creator receives one {noun}. Stock is limited and goes first come, first served.
            </Typography>
            <ProductTiles contest={contest} />
          </Box>
        </Hydrated>
        <Hydrated>
          <Box component="section" aria-labelledby="features-heading">
            <Typography id="features-heading" component="h2" variant="h3" gutterBottom>
              Features to show
            </Typography>
            <FeatureAccordion products={contest.products} />
          </Box>
        </Hydrated>
        <Hydrated>
          <InspirationCarousel contest={contest} />
        </Hydrated>
        <Hydrated>
          <Box component="section">
            <ContestBrief contest={contest} />
          </Box>
        </Hydrated>
      </Stack>
    </Container>
  );
}
