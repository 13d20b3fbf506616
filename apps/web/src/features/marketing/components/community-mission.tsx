import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useSiteConfig } from '../api/get-site-config';
import { Section } from './section';

/** The community mission and the link to the chat community (COMMUNITY_URL, via /api/config/). */
export function CommunityMission() {
  const config = useSiteConfig();
  return (
    <Section
      id="community"
      eyebrow="Our community"
      title="Filmmakers lifting filmmakers"
      intro={
        <>
          Our mission is to give independent creators the briefs, the products and the audience that
          usually go to agencies. Every contest is a chance to be seen by a brand, and every applicant
          joins a community that shares shot lists, grading tricks and feedback before the deadline.
        </>
      }
    >
      <Box sx={{ minHeight: 48 }}>
        {config.data ? (
          <Button
            href={config.data.community_url}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            color="secondary"
            size="large"
          >
            Join the chat community
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (opens in a new tab)
            </Box>
          </Button>
        ) : config.isError ? (
          <Typography color="text.secondary">The community link could not be loaded. Reload the page to try again.</Typography>
        ) : (
          <Skeleton variant="rounded" width={240} height={48} sx={{ borderRadius: 999 }} />
        )}
      </Box>
    </Section>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
