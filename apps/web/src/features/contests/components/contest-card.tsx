import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardActions, CardContent, CardMedia, Stack, Typography } from '@mui/material';
import { formatContestDate, formatMoney, type ContestResponse } from '@app/domain';
import { paths } from '../../../config/paths';

/** The thumbnail, or a dark placeholder with the brand's name when the contest has none. */
function ContestThumbnail({ contest }: { contest: ContestResponse }) {
  if (contest.thumbnail) {
    return <CardMedia component="img" image={contest.thumbnail} alt="" sx={{ aspectRatio: '16 / 9' }} />;
  }
  return (
    <Box
      aria-hidden
      data-testid="contest-thumbnail-placeholder"
      sx={(theme) => ({
        aspectRatio: '16 / 9',
        display: 'grid',
        placeItems: 'center',
        background: `linear-gradient(135deg, ${theme.palette.background.paper} 0%, ${theme.palette.background.default} 100%)`,
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Typography variant="h2" component="span" sx={{ color: 'text.secondary', letterSpacing: '0.2em' }}>
        {contest.brand.name.toUpperCase()}
      </Typography>
    </Box>
  );
}

/**
 * One contest in the list (spec §2): thumbnail, title, description, prize, the deadline in the
 * contest's time zone (as on every page), 'See Details'.
 */
export function ContestCard({ contest }: { contest: ContestResponse }) {
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <ContestThumbnail contest={contest} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography component="h2" variant="h4" gutterBottom>
          {contest.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {contest.description}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
          <Typography variant="body1" sx={{ fontWeight: 700, color: 'primary.main' }}>
            Prize: {formatMoney(contest.prize_cents, contest.currency, { wholeUnits: true })}
          </Typography>
          <Typography variant="body1" color="text.secondary">
            Deadline: {formatContestDate(contest.deadline, contest.timezone)}
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={paths.contest(contest.id)}
          variant="contained"
          aria-label={`See Details: ${contest.title}`}
        >
          See Details
        </Button>
      </CardActions>
    </Card>
  );
}
