import { Box, Typography } from '@mui/material';
import { Section } from './section';

const STAGES = [
  {
    title: 'The brief',
    text: 'Our team picks the product with the brand, then sets the creative direction: concept, style and the challenge.',
  },
  {
    title: 'The call',
    text: 'Creators are preselected from their applications and portfolios, and each one gets a call with us.',
  },
  {
    title: 'The product',
    text: 'Selected creators receive the product and the brief by e-mail and SMS.',
  },
  {
    title: 'The film',
    text: 'They shoot, edit and colour-grade the video, and submit the finished film before the deadline.',
  },
];

/** 'How does it work' on the home page (spec §1): from the brand's brief to the graded film. */
export function HowDoesItWorkSection() {
  return (
    <Section
      id="how-does-it-work"
      eyebrow="How does it work"
      title="From the brand's brief to your graded film"
    >
      <Box
        component="ol"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 2,
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {STAGES.map((stage, index) => (
          <Box
            component="li"
            key={stage.title}
            sx={{ p: 3, borderRadius: 1, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
          >
            <Typography
              aria-hidden
              sx={{
                fontFamily: (theme) => theme.typography.h2.fontFamily,
                fontSize: 40,
                lineHeight: 1,
                color: 'primary.main',
              }}
            >
              {String(index + 1).padStart(2, '0')}
            </Typography>
            <Typography component="h3" variant="h4" sx={{ mt: 2 }}>
              {stage.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {stage.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
