import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import {
  DEFAULT_DELIVERY_SPEC,
  deliverySpecLines,
  formatContestDate,
  formatMoney,
  type ContestResponse,
} from '@app/domain';
import { paths } from '../../../config/paths';
import { ProductImage, productAccent } from '../../../components/product-image';
import { productTitle } from '../lib/products';

const STATUS_LABEL: Record<ContestResponse['status'], string> = {
  upcoming: 'Opens soon',
  open: 'Applications open',
  production: 'Applications closed',
  judging: 'Judging',
  ended: 'Completed',
};

/** The banner of the detail page: title, tagline, deadline, prize and, while applications are open, 'APPLY NOW'. */
export function ContestBanner({ contest }: { contest: ContestResponse }) {
  return (
    <Box
      component="header"
      sx={(theme) => ({
        position: 'relative',
        borderBottom: 1,
        borderColor: 'divider',
        background: contest.banner
          ? `linear-gradient(90deg, ${theme.palette.background.default} 30%, transparent), url(${contest.banner}) center / cover`
          : `radial-gradient(ellipse at 80% 20%, ${theme.palette.primary.main}26 0%, transparent 50%), ${theme.palette.background.default}`,
      })}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Grid container spacing={4} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Chip
              label={STATUS_LABEL[contest.status]}
              color={contest.accepting_applications ? 'success' : 'default'}
              sx={{ mb: 2 }}
            />
            <Typography component="h1" variant="h1">
              {contest.title}
            </Typography>
            <Typography variant="h3" component="p" sx={{ color: 'primary.main', mt: 1, mb: 3 }}>
              {contest.tagline}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ mb: 4 }}>
              <Typography>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Deadline{' '}
                </Box>
                <strong>{formatContestDate(contest.deadline, contest.timezone)}</strong>
              </Typography>
              <Typography>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Grand prize{' '}
                </Box>
                <strong>
                  {formatMoney(contest.prize_cents, contest.currency, { wholeUnits: true, code: true })}
                </strong>
              </Typography>
            </Stack>
            {/* A contest that takes no applications (not open yet, closed, ended) offers none. */}
            {contest.accepting_applications && (
              <Button
                component={RouterLink}
                to={paths.contestApply(contest.id)}
                variant="contained"
                size="large"
              >
                APPLY NOW
              </Button>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 5 }} sx={{ display: { xs: 'none', sm: 'block' } }}>
            <Stack direction="row" spacing={1.5}>
              {contest.products.slice(0, 3).map((product, index) => (
                <ProductImage
                  key={product.id}
                  src={product.image_url}
                  title={productTitle(contest, product)}
                  accent={productAccent(index)}
                />
              ))}
            </Stack>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}

/**
 * The detail page while its contest loads (also its prerendered HTML): the banner's shape, then
 * a screen's height of room, so the footer stays below the fold and nothing on screen moves when
 * the contest arrives.
 */
export function ContestDetailSkeleton() {
  return (
    <Box role="status" aria-label="Loading contest" sx={{ minHeight: '100vh' }}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Skeleton variant="rounded" width={140} height={32} sx={{ mb: 2, borderRadius: 999 }} />
              <Typography variant="h1" component="div">
                <Skeleton width="90%" />
                <Skeleton width="55%" />
              </Typography>
              <Typography variant="h3" component="div" sx={{ mt: 1, mb: 3 }}>
                <Skeleton width="70%" />
              </Typography>
              <Typography component="div" sx={{ mb: 4 }}>
                <Skeleton width={200} />
                {/* Deadline and prize share one line from sm up. */}
                <Skeleton width={180} sx={{ display: { sm: 'none' } }} />
              </Typography>
              <Skeleton variant="rounded" width={140} height={42} />
            </Grid>
          </Grid>
        </Container>
      </Box>
    </Box>
  );
}

/** The brief, the video requirements and the timeline, all read from the contest. */
export function ContestBrief({ contest }: { contest: ContestResponse }) {
  const tz = contest.timezone;
  const timeline = [
    ['Contest start', formatContestDate(contest.starts_at, tz)],
    ['Applications close', formatContestDate(contest.application_deadline, tz, { time: true })],
    ['Videos due', formatContestDate(contest.submission_deadline, tz, { time: true })],
    [
      'Judging',
      `${formatContestDate(contest.judging_starts_at, tz)} – ${formatContestDate(contest.judging_ends_at, tz)}`,
    ],
    ['Winners announced', formatContestDate(contest.winners_at, tz)],
  ];
  return (
    <Grid container spacing={{ xs: 4, md: 8 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Typography component="h2" variant="h3" gutterBottom>
          The brief
        </Typography>
        {contest.brief.split(/\n{2,}/).map((paragraph) => (
          <Typography key={paragraph} color="text.secondary" sx={{ mb: 2 }}>
            {paragraph}
          </Typography>
        ))}
        <Typography component="h3" variant="h5" sx={{ mt: 3, mb: 1 }}>
          Video requirements
        </Typography>
        <Box component="ul" sx={{ pl: 3, m: 0, color: 'text.secondary' }}>
          {contest.requirements.map((line) => (
            <Typography component="li" key={line} sx={{ mb: 0.5 }}>
              {line}
            </Typography>
          ))}
        </Box>
        <Typography component="h4" variant="subtitle1" sx={{ mt: 2, mb: 0.5 }}>
          Delivery spec (checked automatically after upload)
        </Typography>
        <Box component="ul" aria-label="Delivery spec" sx={{ pl: 3, m: 0, color: 'text.secondary' }}>
          {deliverySpecLines(contest.video_requirements.delivery ?? DEFAULT_DELIVERY_SPEC).map((line) => (
            <Typography component="li" key={line} sx={{ mb: 0.5 }}>
              {line}
            </Typography>
          ))}
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: 3 }}>
          <Typography component="h2" variant="h5" gutterBottom>
            Timeline
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            {timeline.map(([label, value]) => (
              <Stack
                key={label}
                direction={{ xs: 'column', sm: 'row' }}
                sx={{
                  justifyContent: 'space-between',
                  gap: { xs: 0.25, sm: 2 },
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, textAlign: { sm: 'right' }, fontWeight: 600 }}>
                  {value}
                </Typography>
              </Stack>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Open to creators aged {contest.eligibility.minimum_age}+ with{' '}
            {contest.eligibility.experience.toLowerCase()}. Country: {contest.eligibility.country}.
          </Typography>
        </Box>
      </Grid>
    </Grid>
  );
}
