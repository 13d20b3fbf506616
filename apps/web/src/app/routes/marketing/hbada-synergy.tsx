import { useDeferredValue, useMemo } from 'react';
import { Box } from '@mui/material';
import { usePageTitle } from '../../../components/simple-page';
import { useFeaturedContest } from '../../../features/marketing/api/get-featured-contest';
import { SynergyBanner } from '../../../features/marketing/components/synergy/synergy-banner';
import { ConceptSections } from '../../../features/marketing/components/synergy/concept-sections';
import { GuidelinesVideo } from '../../../features/marketing/components/synergy/guidelines-video';
import { ChallengeSection } from '../../../features/marketing/components/synergy/challenge-section';
import { ApplyButton } from '../../../features/marketing/components/synergy/apply-button';
import { Hydrated } from '../../../components/hydrated';

/**
 * /hbada-synergy: the brand landing page (spec §2). Dates, concepts, challenge and format: the
 * contest record (contest 1).
 */
export default function HbadaSynergyPage() {
  usePageTitle('Hbada Synergy');
  const contest = useFeaturedContest();
  // When the contest arrives, the banner (the first screen) renders at once; the sections below
  // follow in a background render that yields to the browser. Rendered together, they were one
  // task of ~700 ms under Lighthouse's CPU throttling.
  const later = useDeferredValue(contest.data);
  const below = useMemo(
    () => (
      <>
        <Hydrated>
          <ConceptSections contest={later} />
        </Hydrated>
        <Hydrated>
          <GuidelinesVideo />
        </Hydrated>
        <Hydrated>
          <ChallengeSection contest={later} />
        </Hydrated>
      </>
    ),
    [later],
  );
  return (
    // Room at the bottom so the fixed Apply button never covers the last lines.
    <Box sx={{ pb: 10 }}>
      <SynergyBanner contest={contest.data} failed={contest.isError} />
      {below}
      <ApplyButton />
    </Box>
  );
}
