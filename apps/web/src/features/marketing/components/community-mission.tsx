import { CommunityLink } from './community-link';
import { Section } from './section';

/** The community mission and the link to the chat community (spec §1). */
export function CommunityMission() {
  return (
    <Section
      id="community"
      eyebrow="Our community"
      title="Filmmakers lifting filmmakers"
      intro={
        <>
          Our mission is to give independent creators the briefs, the products and the audience that usually
          go to agencies. Every contest is a chance to be seen by a brand, and every applicant joins a
          community that shares shot lists, grading tricks and feedback before the deadline.
        </>
      }
    >
      <CommunityLink />
    </Section>
  );
}
