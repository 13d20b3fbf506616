import { HeroBanner } from '../../../features/marketing/components/hero-banner';
import { BrandLogoStrip } from '../../../features/marketing/components/brand-logo-strip';
import { WhatIsSection } from '../../../features/marketing/components/what-is-section';
import { HowDoesItWorkSection } from '../../../features/marketing/components/how-does-it-work-section';
import { HowItWorksTimeline } from '../../../features/marketing/components/how-it-works-timeline';
import { CommunityMission } from '../../../features/marketing/components/community-mission';
import { WinnersCarousel } from '../../../features/marketing/components/winners-carousel';
import { CommunityBoard } from '../../../features/marketing/components/community-board';
import { usePageTitle } from '../../../components/simple-page';

/** The public home page (spec §1): banner, brands, what and how, mission, winners, community. */
export default function HomePage() {
  usePageTitle();
  return (
    <>
      <HeroBanner />
      <BrandLogoStrip />
      <WhatIsSection />
      <HowDoesItWorkSection />
      <HowItWorksTimeline />
      <WinnersCarousel />
      <CommunityMission />
      <CommunityBoard />
    </>
  );
}
