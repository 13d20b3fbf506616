import { lazy, Suspense, useRef, useState } from 'react';
import { Box, ButtonBase, Typography } from '@mui/material';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { LIMITS } from '@app/domain';
import { PAST_WINNERS, type PastWinner } from '../data/winners';
import { useRecentWinners } from '../api/get-recent-winners';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { themeTokens } from '../../../theme';
import { Section } from './section';
import visuallyHidden from '@mui/utils/visuallyHidden';

/** Cards in one turn of the loop (as many as the showcase has): at 288 px each, wider than the page. */
const MIN_CARDS_PER_LOOP = 6;

const VideoOverlay = lazy(() => import('./video-overlay'));

function WinnerCard({ winner, hidden, onOpen }: { winner: PastWinner; hidden: boolean; onOpen: () => void }) {
  return (
    <Box
      component="li"
      aria-hidden={hidden || undefined}
      sx={{ position: 'relative', flex: '0 0 auto', width: { xs: 200, md: 240 } }}
    >
      {/* The button's name is "Play <title>": it contains the visible title (WCAG 2.5.3). */}
      <ButtonBase
        onClick={onOpen}
        tabIndex={hidden ? -1 : 0}
        sx={{
          display: 'block',
          width: '100%',
          textAlign: 'left',
          borderRadius: 1,
          '&:hover .winner-media, &:focus-visible .winner-media': { transform: 'translateY(-4px)' },
        }}
      >
        <Box
          className="winner-media"
          sx={{
            position: 'relative',
            aspectRatio: '9 / 16',
            borderRadius: 1,
            overflow: 'hidden',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            transition: 'transform 200ms ease-out',
          }}
        >
          <Box
            component="img"
            src={winner.poster}
            alt=""
            loading="lazy"
            width={288}
            height={512}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              background: `linear-gradient(180deg, transparent 55%, ${themeTokens.scrim})`,
            }}
          >
            <Box
              sx={{
                width: 56,
                height: 56,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              <PlayArrowRounded fontSize="large" />
            </Box>
          </Box>
        </Box>
        <Typography component="span" variant="h6" noWrap sx={{ display: 'block', mt: 1.5 }}>
          <Box component="span" sx={visuallyHidden}>
            Play{' '}
          </Box>
          {winner.title}
        </Typography>
      </ButtonBase>
      <Typography variant="body2" color="textSecondary" noWrap>
        {winner.creator} · {winner.brand}
      </Typography>
      <Typography
        variant="caption"
        sx={{
          position: 'absolute',
          left: 12,
          top: 12,
          px: 1,
          py: 0.25,
          borderRadius: 999,
          bgcolor: themeTokens.scrim,
          color: 'text.primary',
          fontWeight: 600,
          pointerEvents: 'none',
        }}
      >
        {winner.award}
      </Typography>
    </Box>
  );
}

function placeName(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The past winners' carousel: it drifts 0.5 px per frame (spec §9), pauses on hover, on keyboard
 * focus and while a film is open in the overlay, and stands still under prefers-reduced-motion.
 */
export function WinnersCarousel() {
  const scroller = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState<PastWinner | null>(null);
  const [overlayLoaded, setOverlayLoaded] = useState(false);
  const reduced = useReducedMotion();
  const running = !reduced && !hovered && !focused && !open;
  useAutoScroll(scroller, LIMITS.winnersCarouselPxPerFrame, running);

  const openWinner = (winner: PastWinner) => {
    setOverlayLoaded(true);
    setOpen(winner);
  };
  // Real winners (those with a poster and a playable file) once any contest has published results;
  // the showcase clips until then (and in the prerendered HTML, whose queries are pending, so
  // hydration matches).
  const recent = useRecentWinners();
  const real: PastWinner[] = (recent.data?.results ?? []).flatMap((w) => {
    const video = w.video.playback?.mp4_url ?? w.video.preview_url;
    const poster = w.video.poster_url;
    return poster && video
      ? [
          {
            id: `entry-${w.entry_id}`,
            title: w.video.title,
            creator: w.creator_name,
            brand: w.contest_title,
            award: w.place === 1 ? 'Grand prize' : `${placeName(w.place)} place`,
            video,
            poster,
          },
        ]
      : [];
  });
  const winners = real.length ? real : PAST_WINNERS;
  // A few real winners are repeated until the row is wider than any screen (else it cannot drift),
  // then the whole row is drawn twice for a seamless loop; every repeat is hidden from assistive
  // technology and the keyboard.
  const repeats = Math.ceil(MIN_CARDS_PER_LOOP / winners.length);
  const loop = Array.from({ length: repeats }, (_, copy) =>
    winners.map((w) => ({ w, hidden: copy > 0 })),
  ).flat();
  const cards = [...loop, ...loop.map(({ w }) => ({ w, hidden: true }))];

  return (
    <Section
      id="winners"
      eyebrow="Past winners"
      title="Films that won their brief"
      intro="Click a film to watch it. The carousel pauses while you hover or watch."
      sx={{ pb: { xs: 4, md: 6 } }}
    >
      <Box
        component="ul"
        ref={scroller}
        data-testid="winners-carousel"
        data-running={running ? 'true' : 'false'}
        aria-label="Past winners' films"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        // Keyboard focus pauses it (a card being read must not slide away); focus MUI restores after a
        // mouse click on the overlay's close button does not.
        onFocus={(event) => setFocused(event.target.matches(':focus-visible'))}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        sx={{
          display: 'flex',
          gap: 2,
          listStyle: 'none',
          m: 0,
          p: 0,
          pb: 2,
          pt: 0.5,
          overflowX: 'auto',
          scrollbarWidth: 'thin',
        }}
      >
        {cards.map(({ w, hidden }, index) => (
          <WinnerCard key={`${w.id}-${index}`} winner={w} hidden={hidden} onOpen={() => openWinner(w)} />
        ))}
      </Box>
      {overlayLoaded && (
        <Suspense fallback={null}>
          <VideoOverlay winner={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Section>
  );
}
