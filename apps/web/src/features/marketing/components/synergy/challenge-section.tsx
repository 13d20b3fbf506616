import { Box, Skeleton, Typography } from '@mui/material';
import type { ContestResponse } from '@app/domain';
import { Section } from '../section';

/**
 * The challenge (the contest's brief) and the format bullets. All come from the contest record:
 * the requirements the rules state, then the landing content's format notes (docs/spec-decisions.md:
 * one source for the format).
 */
export function ChallengeSection({ contest }: { contest?: ContestResponse }) {
  return (
    <Section
      id="challenge"
      eyebrow="The challenge"
      title={contest?.landing.challenge_title || 'The challenge'}
    >
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' }, gap: { xs: 4, md: 8 } }}
      >
        <Box>
          <Typography sx={{ fontSize: '1.125rem' }}>
            {contest ? contest.brief : <Skeleton variant="text" width="100%" />}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 2 }}>
            {contest ? (
              <>
                Open to creators in the {contest.eligibility.country} aged {contest.eligibility.minimum_age}{' '}
                or over with {contest.eligibility.experience.toLowerCase()}.
              </>
            ) : (
              <Skeleton variant="text" width="80%" />
            )}
          </Typography>
        </Box>
        <Box sx={{ p: 3, borderRadius: 1, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}>
          <Typography component="h3" variant="h4">
            Format
          </Typography>
          {contest ? (
            <Box component="ul" sx={{ m: 0, mt: 2, pl: 2.5, '& li': { mb: 1 } }}>
              {contest.requirements.map((line) => (
                <Typography component="li" key={line}>
                  {line}
                </Typography>
              ))}
              {contest.landing.format_notes.map((note) => (
                <Typography component="li" key={note} sx={{ color: 'text.secondary' }}>
                  {note}
                </Typography>
              ))}
            </Box>
          ) : (
            <Box sx={{ mt: 2 }}>
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} variant="text" />
              ))}
            </Box>
          )}
        </Box>
      </Box>
    </Section>
  );
}
