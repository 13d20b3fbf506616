import { Link as RouterLink, useLocation } from 'react-router';
import { Button, Stack, Typography } from '@mui/material';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { paths } from '../../../config/paths';
import type { VoteButtonState } from '../lib/vote-button';

/** Sign-up as a voter, returning to `galleryPath` after verification. */
export const voterSignupPath = (galleryPath: string) =>
  `${paths.signup}?as=voter&next=${encodeURIComponent(galleryPath)}`;

/** A finalist's Vote button in the state `voteButtonState` gives it. */
export function VoteButton({
  state,
  title,
  pending,
  onVote,
}: {
  state: VoteButtonState;
  title: string;
  pending: boolean;
  onVote: () => void;
}) {
  const { pathname } = useLocation();
  if (state.kind === 'voted')
    return (
      <Button variant="outlined" color="success" disabled startIcon={<CheckRounded />} fullWidth>
        You voted
      </Button>
    );
  if (state.kind === 'sign_in')
    return (
      <Button
        component={RouterLink}
        to={voterSignupPath(pathname)}
        variant="contained"
        aria-label={`Sign up to vote for ${title}`}
        fullWidth
      >
        Vote
      </Button>
    );
  if (state.kind === 'closed')
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {state.reason}
      </Typography>
    );
  if (state.kind === 'disabled')
    return (
      <Stack spacing={0.5}>
        <Button variant="contained" disabled fullWidth>
          Vote
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {state.reason}
        </Typography>
      </Stack>
    );
  return (
    <Button
      variant="contained"
      onClick={onVote}
      disabled={pending}
      aria-label={`Vote for ${title}`}
      fullWidth
    >
      {pending ? 'Voting...' : 'Vote'}
    </Button>
  );
}
