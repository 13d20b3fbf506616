import { Box, Typography } from '@mui/material';
import { formatMoney, LIMITS } from '@app/domain';
import { Section } from './section';

const FACTS = [
  {
    value: formatMoney(LIMITS.prizeUsd * 100, 'USD', { wholeUnits: true, code: true }),
    label: 'Grand prize of the current contest',
  },
  { value: 'Free', label: 'The product is sent to selected creators' },
  { value: 'Two juries', label: "Our team and the brand's marketing team" },
];

/** The 'What is' section of the home page (spec §1). */
export function WhatIsSection() {
  return (
    <Section
      id="what-is"
      eyebrow="What is Cinematic Contests"
      title="A stage for filmmakers, funded by brands"
      intro={
        <>
          We partner with brands to run video contests. Creators submit cinematic ad films, which are reviewed
          by our team and the brand&apos;s marketing team. Winners receive trophies, cash prizes, exposure and
          the recognition of a community of filmmakers.
        </>
      }
    >
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}
      >
        {FACTS.map((fact) => (
          <Box
            key={fact.label}
            sx={{
              display: 'flex',
              flexDirection: 'column-reverse',
              gap: 1,
              p: 3,
              borderRadius: 1,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {fact.label}
            </Typography>
            <Typography component="dd" variant="h3" sx={{ m: 0 }}>
              {fact.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
