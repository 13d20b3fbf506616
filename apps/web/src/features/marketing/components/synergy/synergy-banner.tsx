import { Box, Container, Skeleton, Stack, Typography } from '@mui/material';
import { formatContestDate, formatMoney, type ContestResponse } from '@app/domain';
import { themeTokens } from '../../../../theme';
import { letterboxOffPhone, LoopingVideo } from '../looping-video';
import { HbadaWordmark } from './hbada-wordmark';

/** The contest's key dates and prize, all from the contest record (one timeline). */
function keyFacts(contest: ContestResponse) {
  const tz = contest.timezone;
  return [
    { label: 'Contest start', value: formatContestDate(contest.starts_at, tz) },
    { label: 'Application deadline', value: formatContestDate(contest.application_deadline, tz) },
    { label: 'Video deadline', value: formatContestDate(contest.submission_deadline, tz) },
    {
      label: 'Grand prize',
      value: formatMoney(contest.prize_cents, contest.currency, { wholeUnits: true, code: true }),
    },
  ];
}

/** The landing page banner: video loop, the brand, the contest's name and its key facts. */
export function SynergyBanner({ contest, failed }: { contest?: ContestResponse; failed: boolean }) {
  return (
    <Box
      component="section"
      aria-labelledby="synergy-title"
      sx={{ position: 'relative', overflow: 'hidden', bgcolor: themeTokens.deep }}
    >
      <LoopingVideo
        eager
        src="/showcase/synergy-banner.mp4"
        poster="/showcase/synergy-banner.jpg"
        sx={letterboxOffPhone}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background: `linear-gradient(180deg, ${themeTokens.scrim} 0%, transparent 40%, ${themeTokens.background} 100%)`,
        }}
      />
      <Container maxWidth="lg" sx={{ position: 'relative', pt: { xs: 8, md: 14 }, pb: { xs: 6, md: 10 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.primary' }}>
          <HbadaWordmark />
          <Typography aria-hidden sx={{ color: 'text.secondary' }}>
            ×
          </Typography>
          <Typography
            variant="overline"
            sx={{ color: 'secondary.main', letterSpacing: '0.2em', lineHeight: 1 }}
          >
            Cinematic Contests
          </Typography>
        </Stack>
        <Typography id="synergy-title" component="h1" variant="h1" sx={{ mt: 3 }}>
          Hbada Synergy
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' }, mt: 1, minHeight: '1.5em' }}>
          {contest ? contest.tagline : failed ? '' : <Skeleton width={260} />}
        </Typography>
        <Typography component="div" sx={{ color: 'text.secondary', maxWidth: 620, mt: 2, minHeight: '3em' }}>
          {contest ? contest.landing.headline : failed ? '' : <Skeleton width="90%" />}
        </Typography>
        <Box
          component={contest ? 'dl' : 'div'}
          sx={{
            m: 0,
            mt: 4,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: 2,
            maxWidth: 880,
          }}
        >
          {(contest ? keyFacts(contest) : [0, 1, 2, 3].map((i) => ({ label: String(i), value: '' }))).map(
            (fact) => (
              <Box
                key={fact.label}
                sx={{
                  display: 'flex',
                  flexDirection: 'column-reverse',
                  p: 2,
                  borderRadius: 1,
                  bgcolor: themeTokens.scrim,
                  border: 1,
                  borderColor: 'divider',
                  minHeight: 84,
                }}
              >
                {contest ? (
                  <>
                    <Typography component="dt" variant="body2" color="textSecondary">
                      {fact.label}
                    </Typography>
                    <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                      {fact.value}
                    </Typography>
                  </>
                ) : (
                  <Skeleton variant="rounded" height={48} />
                )}
              </Box>
            ),
          )}
        </Box>
        {failed && (
          <Typography role="alert" sx={{ color: 'error.main', mt: 2 }}>
            The contest dates could not be loaded. Reload the page to try again.
          </Typography>
        )}
      </Container>
    </Box>
  );
}
