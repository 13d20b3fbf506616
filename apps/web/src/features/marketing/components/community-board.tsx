import { useEffect, useRef, useState } from 'react';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { LIMITS } from '@app/domain';
import { COMMUNITY_BOARD } from '../data/community-board';
import { animateScrollBy } from '../hooks/animate-scroll';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { GradientAvatar, GradientStill } from './artwork';
import { Section } from './section';
import { Tag } from './tag';

/**
 * The community board: applicants and why they applied (static entries). The arrow buttons move
 * it 600 px in 400 ms (spec §9); at once under prefers-reduced-motion.
 */
export function CommunityBoard() {
  const scroller = useRef<HTMLUListElement>(null);
  const reduced = useReducedMotion();
  const [edges, setEdges] = useState({ start: true, end: false });

  useEffect(() => {
    const list = scroller.current;
    const first = list?.firstElementChild;
    const last = list?.lastElementChild;
    if (!list || !first || !last || typeof IntersectionObserver === 'undefined') return;
    // An end is reached when its card is wholly in view (1 px of slack, as scroll positions round).
    // The observer reports after the browser's own layout, at first and on every scroll or resize:
    // reading the scroll position instead forced a layout of the whole page during hydration.
    const observer = new IntersectionObserver(
      (entries) => {
        setEdges((edges) => {
          const next = { ...edges };
          for (const entry of entries) {
            const whole = entry.intersectionRatio >= 0.999;
            if (entry.target === first) next.start = whole;
            if (entry.target === last) next.end = whole;
          }
          return next.start === edges.start && next.end === edges.end ? edges : next;
        });
      },
      { root: list, rootMargin: '0px 1px', threshold: 1 },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, []);

  const scroll = (direction: 1 | -1) => {
    if (scroller.current) {
      animateScrollBy(
        scroller.current,
        direction * LIMITS.communityBoardScrollPx,
        LIMITS.communityBoardScrollMs,
        reduced,
      );
    }
  };

  return (
    <Section
      id="community-board"
      eyebrow="Community board"
      title="Why creators apply"
      intro="A few of the applicants to our contests, in their own words."
    >
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 2, mt: { xs: -2, md: -4 } }}>
        <IconButton
          aria-label="Scroll the community board left"
          onClick={() => scroll(-1)}
          disabled={edges.start}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          <ChevronLeft />
        </IconButton>
        <IconButton
          aria-label="Scroll the community board right"
          onClick={() => scroll(1)}
          disabled={edges.end}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
      <Box
        component="ul"
        ref={scroller}
        data-testid="community-board"
        aria-label="Applicants and their reasons"
        tabIndex={0}
        sx={{
          display: 'flex',
          gap: 2,
          listStyle: 'none',
          m: 0,
          p: 0,
          pb: 2,
          overflowX: 'auto',
          scrollbarWidth: 'thin',
        }}
      >
        {COMMUNITY_BOARD.map((entry, index) => (
          <Box
            component="li"
            key={entry.handle}
            sx={{
              flex: '0 0 auto',
              width: { xs: 280, md: 340 },
              p: 3,
              borderRadius: 1,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              display: 'flex',
              flexDirection: 'column',
              gap: 2,
            }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <GradientAvatar name={entry.name} tone={entry.images[0] ?? index} />
              <Box sx={{ minWidth: 0 }}>
                <Typography component="h3" variant="h6" noWrap>
                  {entry.name}
                </Typography>
                <Typography variant="body2" color="textSecondary" noWrap>
                  {entry.handle}
                </Typography>
              </Box>
            </Stack>
            <Tag>{entry.contest}</Tag>
            <Typography component="blockquote" sx={{ m: 0, flexGrow: 1, color: 'text.primary' }}>
              “{entry.reason}”
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
              {entry.images.map((tone, i) => (
                <GradientStill
                  key={i}
                  tone={tone}
                  seed={index * 3 + i}
                  label={`Frame ${i + 1} from ${entry.name}'s work`}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
