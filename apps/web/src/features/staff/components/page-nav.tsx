import { Button, Stack, Typography } from '@mui/material';

export interface PageNavProps {
  page: number;
  count: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** What is counted: 'videos', 'accounts', 'entries'. */
  noun: string;
  onPage(page: number): void;
}

/** Previous / next through a paginated list, with where we are. */
export function PageNav({ page, count, hasPrevious, hasNext, noun, onPage }: PageNavProps) {
  if (!hasPrevious && !hasNext) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {count} {noun}
      </Typography>
    );
  }
  return (
    <Stack
      component="nav"
      aria-label="Pages"
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Button variant="outlined" color="inherit" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
        Page {page} · {count} {noun}
      </Typography>
      <Button variant="outlined" color="inherit" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
