import { useDeferredValue, useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Container,
  IconButton,
  InputAdornment,
  OutlinedInput,
  Stack,
  Typography,
} from '@mui/material';
import SearchRounded from '@mui/icons-material/SearchRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import { LIMITS, MESSAGES } from '@app/domain';
import { useVideoList } from '../api/get-videos';
import { useVideoSearch } from '../api/search-videos';
import { VideoCard } from './video-card';

/** The value after it has stopped changing for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The cards that render as soon as a page of videos arrives: a row of the widest grid. */
const FIRST_CARDS = 4;

/**
 * The Video Library (spec §2, §4, §9): approved videos newest first; typing searches after
 * 500 ms, a blank query reloads the list; spinner, error, empty state or a 1/2/3/4-column grid;
 * 'Load more' fetches the next page.
 */
export function VideoLibrary() {
  const [text, setText] = useState('');
  const query = useDebounced(text, LIMITS.searchDebounceMs).trim();
  const searching = query !== '';
  const list = useVideoList(!searching);
  const search = useVideoSearch(query);
  const active = searching ? search : list;
  const loading = active.isPending;
  const videos = active.data?.pages.flatMap((page) => page.videos) ?? [];
  // When videos arrive, the first cards (the first is the page's largest paint) render at once and
  // the others follow in a background render that yields to the browser: a page of cards rendered
  // together was one task of ~450 ms under Lighthouse's CPU throttling.
  const deferredCount = useDeferredValue(videos.length);
  const shown = Math.max(deferredCount, FIRST_CARDS);

  // The input is disabled while loading (spec §4); give the focus back afterwards.
  const inputRef = useRef<HTMLInputElement>(null);
  const hadFocus = useRef(false);
  // The page arrives rendered by the server: what the reader typed before its scripts ran is in
  // the field but not in the state. Take it, so that search runs.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed) setText(typed);
  }, []);
  useEffect(() => {
    if (loading) hadFocus.current = document.activeElement === inputRef.current;
    else if (hadFocus.current) {
      hadFocus.current = false;
      inputRef.current?.focus();
    }
  }, [loading]);

  let body;
  if (loading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
        <CircularProgress aria-label="Loading videos" />
      </Box>
    );
  } else if (active.isError) {
    body = (
      <Typography role="alert" color="error" sx={{ py: 10, textAlign: 'center' }}>
        {searching ? MESSAGES.library.searchFailed : MESSAGES.library.loadFailed}
      </Typography>
    );
  } else if (!videos.length) {
    body = (
      <Box sx={{ py: 12, textAlign: 'center' }}>
        <Typography variant="h5" component="p">
          {MESSAGES.library.noVideos}
        </Typography>
        {searching && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {MESSAGES.library.adjustSearch}
          </Typography>
        )}
      </Box>
    );
  } else {
    const pageSize = active.data?.pages[0]?.videos.length || LIMITS.videoPageSizeDefault;
    body = (
      <>
        <Box
          component="ul"
          aria-label="Videos"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {videos.slice(0, shown).map((video, index) => (
            <Box component="li" key={video.id}>
              <VideoCard video={video} index={index % pageSize} />
            </Box>
          ))}
        </Box>
        {active.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 5 }}>
            <Button
              variant="outlined"
              onClick={() => void active.fetchNextPage()}
              disabled={active.isFetchingNextPage}
            >
              {active.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Stack spacing={1} sx={{ mb: { xs: 4, md: 6 } }}>
        <Typography variant="h1">Video Library</Typography>
        <Typography color="text.secondary" sx={{ fontSize: '1.125rem' }}>
          Discover opportunities to showcase your talent
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ mb: 4, alignItems: 'center' }}>
        {/* The bare outlined input (no floating label): TextField would bring Select and its menu along. */}
        <OutlinedInput
          fullWidth
          inputRef={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search videos..."
          disabled={loading}
          inputProps={{ 'aria-label': 'Search videos', type: 'search', maxLength: 1000 }}
          startAdornment={
            <InputAdornment position="start">
              <SearchRounded />
            </InputAdornment>
          }
        />
        <IconButton aria-label="Filter" sx={{ border: 1, borderColor: 'divider' }}>
          <TuneRounded />
        </IconButton>
      </Stack>
      {body}
    </Container>
  );
}
