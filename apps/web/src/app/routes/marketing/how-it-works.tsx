import { HowItWorksTimeline } from '../../../features/marketing/components/how-it-works-timeline';
import { usePageTitle } from '../../../components/simple-page';

/** /how-it-works: the same dark six-step block as on the home page, as the page itself. */
export default function HowItWorksPage() {
  usePageTitle('How It Works');
  return <HowItWorksTimeline asPageTitle />;
}
