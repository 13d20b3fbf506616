import { Link as RouterLink } from 'react-router';
import { Box, Button, Container, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { renderWhenNear } from './section';
import { themeTokens } from '../../../theme';

/** The six steps of spec §1 'How It Works'. */
export const HOW_IT_WORKS_STEPS = [
  { title: 'Create your profile', text: 'Sign up and show your portfolio.' },
  { title: 'Browse videos', text: 'Explore videos and join video contests.' },
  { title: 'Submit your work', text: 'Upload a video following the contest guidelines.' },
  { title: 'Get recognized', text: "Your film is reviewed by our team and the brand's marketing team." },
  { title: 'Win prizes', text: 'Rewards and cash prizes for the best films.' },
  { title: 'Grow your career', text: 'Build a reel of brand work and a network that hires.' },
] as const;

/**
 * The dark 'How It Works' block: a six-step timeline ending with the sign-up call to action.
 * On /how-it-works its title is the page's h1; on the home page it is a section (h2).
 */
export function HowItWorksTimeline({ asPageTitle = false }: { asPageTitle?: boolean }) {
  return (
    <Box
      component="section"
      aria-labelledby="how-it-works-title"
      sx={{
        bgcolor: themeTokens.deep,
        borderBlock: 1,
        borderColor: 'divider',
        py: { xs: 8, md: 12 },
        ...renderWhenNear,
      }}
    >
      <Container maxWidth="lg">
        <Typography
          variant="overline"
          sx={{ color: 'secondary.main', letterSpacing: '0.2em', display: 'block' }}
        >
          Six steps
        </Typography>
        <Typography id="how-it-works-title" component={asPageTitle ? 'h1' : 'h2'} variant="h2">
          How It Works
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            m: 0,
            mt: { xs: 4, md: 6 },
            p: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(6, 1fr)' },
            gap: { xs: 0, md: 2 },
          }}
        >
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <Box
              component="li"
              key={step.title}
              sx={{
                position: 'relative',
                display: 'grid',
                gridTemplateColumns: { xs: '48px 1fr', md: '1fr' },
                columnGap: 2,
                pb: { xs: 4, md: 0 },
                // The connecting line: down the left on phones, across the top on desktop.
                '&:not(:last-of-type)::before': {
                  content: '""',
                  position: 'absolute',
                  bgcolor: 'divider',
                  left: { xs: 23, md: 56 },
                  top: { xs: 48, md: 23 },
                  width: { xs: 2, md: 'calc(100% - 48px)' },
                  height: { xs: 'calc(100% - 48px)', md: 2 },
                },
              }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  border: 2,
                  borderColor: index === 0 ? 'primary.main' : 'divider',
                  bgcolor: 'background.paper',
                  color: index === 0 ? 'primary.main' : 'text.primary',
                  fontWeight: 700,
                }}
              >
                {index + 1}
              </Box>
              <Box sx={{ mt: { xs: 0.5, md: 2 } }}>
                <Typography component="h3" variant="h5">
                  {step.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {step.text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: { xs: 2, md: 8 },
            p: { xs: 3, md: 4 },
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Box>
            <Typography component="p" variant="h4">
              Ready to make your next film count?
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              Creating a profile is free and takes a minute.
            </Typography>
          </Box>
          <Button
            component={RouterLink}
            to={paths.signup}
            variant="contained"
            size="large"
            sx={{ flexShrink: 0 }}
          >
            Sign up now
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
