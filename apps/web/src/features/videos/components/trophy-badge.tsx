import { Box } from '@mui/material';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import { ordinal, type VideoAward } from '@app/domain';
import { themeTokens } from '../../../theme';

/** "1st place · <contest>": the trophy of a winning film, on its card and its page. */
export function awardLabel(award: VideoAward): string {
  return `${ordinal(award.place)} place${award.contest_title ? ` · ${award.contest_title}` : ''}`;
}

/** The trophy drawn over a winning film's card. */
export function TrophyBadge({ award }: { award: VideoAward }) {
  return (
    <Box
      role="img"
      aria-label={`Trophy: ${awardLabel(award)}`}
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 999,
        bgcolor: themeTokens.scrim,
        color: 'primary.main',
        fontSize: 12,
        fontWeight: 700,
      }}
    >
      <EmojiEventsRounded sx={{ fontSize: 16 }} aria-hidden />
      {ordinal(award.place)}
    </Box>
  );
}
