import { useRef } from 'react';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useInView } from '../../../hooks/use-in-view';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { usePostedDate, type LibraryVideo } from '../lib/normalize-video';
import { TrophyBadge } from './trophy-badge';

const cardIn = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

/**
 * The first row rises into place without fading in: its first poster is the page's largest paint,
 * and a card that starts invisible is painted, for the browser's timing, only once scripts ran.
 */
const cardRise = keyframes`
  from { transform: translateY(12px); }
  to { transform: none; }
`;

/** The cards in a row of the widest grid. */
const FIRST_ROW = 4;

/**
 * A library card (spec §2, §9): a 16:9 looping, muted, autoplaying preview from the thumbnail
 * field, the title clamped to two lines, the brand and 'Posted: ' with the local date. Cards
 * animate in 0.1 s apart and link to the video's page. A card loads its preview (and, below the
 * first row, its poster) when it nears the viewport: a page of previews and posters loading at once
 * held up the first posters on a phone.
 */
export function VideoCard({ video, index }: { video: LibraryVideo; index: number }) {
  const reducedMotion = useReducedMotion();
  const posted = usePostedDate(video.createdAt);
  const preview = useRef<HTMLVideoElement>(null);
  const near = useInView(preview);
  const play = near && !reducedMotion;
  // The first row's posters come with the page; the others when their card nears the viewport.
  const poster = index < FIRST_ROW || near ? (video.posterUrl ?? undefined) : undefined;
  return (
    <Card
      component="article"
      sx={{
        height: '100%',
        animation: `${index < FIRST_ROW ? cardRise : cardIn} 250ms ease-out both`,
        animationDelay: `${index * 0.1}s`,
        transition: 'transform 200ms ease-out',
        '&:hover': { transform: 'translateY(-4px)' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={paths.videos(video.id)}
        sx={{ height: '100%', alignItems: 'stretch' }}
      >
        <Box
          sx={{
            position: 'relative',
            aspectRatio: '16 / 9',
            bgcolor: 'background.default',
            overflow: 'hidden',
          }}
        >
          {video.thumbnail ? (
            <Box
              component="video"
              ref={preview}
              // The first card's poster is the library's largest paint: its page fetches it first.
              data-first-poster={index === 0 ? '' : undefined}
              src={play ? video.thumbnail : undefined}
              poster={poster}
              autoPlay={play}
              muted
              loop
              playsInline
              preload={play ? 'auto' : 'none'}
              aria-hidden
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : video.posterUrl ? (
            <Box
              component="img"
              src={video.posterUrl}
              alt=""
              loading={index < FIRST_ROW ? 'eager' : 'lazy'}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Box sx={{ width: '100%', height: '100%', display: 'grid', placeItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                Preview coming soon
              </Typography>
            </Box>
          )}
          {video.award && <TrophyBadge award={video.award} />}
        </Box>
        <Box sx={{ p: 2 }}>
          <Typography
            component="h2"
            variant="h6"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              lineHeight: 1.3,
              minHeight: '2.6em',
            }}
          >
            {video.title}
          </Typography>
          {video.brand && (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, color: 'secondary.main' }}>
              {video.brand}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Posted: {posted}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
