import { useState, useSyncExternalStore } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import {
  formatContestDate,
  formatMoney,
  type Audience,
  type AudienceFinalist,
  type AudienceTally,
  type ContestResponse,
} from '@app/domain';
import { VideoPlayer } from '../../../components/video-player';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useAudienceTally, useCastVote } from '../api/audience';
import { votesLeft, voteButtonState } from '../lib/vote-button';
import { VoteButton, voterSignupPath } from './vote-button';

/** The public gallery of an audience award (issue 50): banner, share links, the finalists. */
export function AudienceGallery({ contest, audience }: { contest: ContestResponse; audience: Audience }) {
  const tally = useAudienceTally(contest.id, audience.status === 'closed');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Stack spacing={{ xs: 3, md: 4 }}>
        <GalleryBanner contest={contest} audience={audience} />
        <ShareLinks title={`Vote for your favourite film: ${contest.title}`} />
        <FinalistGrid contest={contest} audience={audience} tally={tally.data} />
      </Stack>
    </Container>
  );
}

function GalleryBanner({ contest, audience }: { contest: ContestResponse; audience: Audience }) {
  const session = useSession();
  const { pathname } = useLocation();
  const when = (iso: string) => formatContestDate(iso, contest.timezone, { time: true });
  const prize = audience.prize_cents > 0 ? formatMoney(audience.prize_cents, audience.currency) : null;
  return (
    <Box component="header">
      <Chip
        label={
          { upcoming: 'Voting opens soon', open: 'Voting open', closed: 'Voting closed' }[audience.status]
        }
        color={audience.status === 'open' ? 'success' : 'default'}
        sx={{ mb: 2 }}
      />
      <Typography component="h1" variant="h2">
        Audience award: {contest.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>
        {audience.status === 'upcoming' && `Voting opens ${when(audience.opens_at)}.`}
        {audience.status === 'open' && `Voting closes ${when(audience.closes_at)}.`}
        {audience.status === 'closed' && `Voting closed ${when(audience.closes_at)}.`}
        {prize && ` The film with the most votes wins ${prize}.`}
      </Typography>
      {audience.status === 'closed' && <WinnerLine audience={audience} />}
      {audience.status === 'open' && (
        <Typography sx={{ mt: 2 }} data-testid="votes-left">
          {session
            ? `You have ${votesLeft(audience)} of ${audience.votes_per_voter} ${audience.votes_per_voter === 1 ? 'vote' : 'votes'} left.`
            : `Each voter has ${audience.votes_per_voter} ${audience.votes_per_voter === 1 ? 'vote' : 'votes'}, one per film. Votes are final.`}
        </Typography>
      )}
      {audience.status === 'open' && !session && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          <Button component={RouterLink} to={voterSignupPath(pathname)} size="small">
            Sign up to vote
          </Button>{' '}
          or{' '}
          <Button component={RouterLink} to={paths.login} state={{ from: pathname }} size="small">
            Sign in
          </Button>
        </Typography>
      )}
    </Box>
  );
}

function WinnerLine({ audience }: { audience: Audience }) {
  const winner = audience.finalists.find((finalist) => finalist.entry_id === audience.winner_entry_id);
  return (
    <Alert
      severity={winner ? 'success' : 'info'}
      icon={winner ? <EmojiEventsRounded /> : undefined}
      sx={{ mt: 2 }}
    >
      {winner
        ? `The audience award goes to “${winner.title}” by ${winner.creator_name}.`
        : 'The votes are being checked: the winner is announced soon.'}
    </Alert>
  );
}

const noSubscription = () => () => {};

/** Links to share the gallery (its address is known only in the browser: none in the HTML). */
function ShareLinks({ title }: { title: string }) {
  const href = useSyncExternalStore(
    noSubscription,
    () => window.location.href,
    () => '',
  );
  const [copied, setCopied] = useState(false);
  if (!href) return <Box sx={{ minHeight: 30 }} />;
  const url = encodeURIComponent(href);
  const text = encodeURIComponent(title);
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, minHeight: 30 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Share:
      </Typography>
      <Button
        size="small"
        href={`https://twitter.com/intent/tweet?url=${url}&text=${text}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        X
      </Button>
      <Button
        size="small"
        href={`https://www.facebook.com/sharer/sharer.php?u=${url}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Facebook
      </Button>
      <Button
        size="small"
        onClick={() => void navigator.clipboard?.writeText(href).then(() => setCopied(true))}
      >
        {copied ? 'Link copied' : 'Copy link'}
      </Button>
    </Stack>
  );
}

function FinalistGrid({
  contest,
  audience,
  tally,
}: {
  contest: ContestResponse;
  audience: Audience;
  tally: AudienceTally | undefined;
}) {
  const session = useSession();
  const vote = useCastVote(contest.id);
  const [voting, setVoting] = useState<number | null>(null);
  const unverified = vote.error instanceof ApiError && vote.error.code === 'unverified';
  const votesOf = (entryId: number) => tally?.find((row) => row.entry_id === entryId)?.votes;
  return (
    <Box component="section" aria-label="Finalists">
      {vote.error && !unverified ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {vote.error instanceof ApiError
            ? vote.error.detail
            : 'Your vote was not recorded. Please try again.'}
        </Alert>
      ) : null}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {audience.finalists.map((finalist, index) => (
          <FinalistCard
            key={finalist.entry_id}
            ogImage={index === 0 ? finalist.poster_url : null}
            finalist={finalist}
            winner={audience.winner_entry_id === finalist.entry_id}
            votes={audience.status === 'closed' ? votesOf(finalist.entry_id) : undefined}
          >
            <VoteButton
              state={voteButtonState(audience, finalist.entry_id, { signedIn: Boolean(session), unverified })}
              title={finalist.title}
              pending={vote.isPending && voting === finalist.entry_id}
              onVote={() => {
                setVoting(finalist.entry_id);
                vote.mutate(finalist.entry_id);
              }}
            />
          </FinalistCard>
        ))}
      </Box>
    </Box>
  );
}

function FinalistCard({
  finalist,
  ogImage,
  winner,
  votes,
  children,
}: {
  finalist: AudienceFinalist;
  /** The share previews' picture (src/entry-server.tsx reads it from the HTML). */
  ogImage: string | null;
  winner: boolean;
  votes: number | undefined;
  children: React.ReactNode;
}) {
  return (
    <Card
      component="li"
      sx={{ display: 'flex', flexDirection: 'column' }}
      data-testid="finalist"
      {...(ogImage ? { 'data-og-image': ogImage } : {})}
    >
      {/* The film keeps the card's 16:9 frame whatever its own shape (a vertical film plays inside). */}
      <Box
        sx={{
          bgcolor: 'common.black',
          aspectRatio: '16 / 9',
          position: 'relative',
          '& > *': { position: 'absolute', inset: 0 },
        }}
      >
        {finalist.playback ? (
          <VideoPlayer
            playback={finalist.playback}
            originalUrl={null}
            previewUrl={null}
            poster={finalist.poster_url}
            title={finalist.title}
            onDemand
          />
        ) : (
          <Box
            role="img"
            aria-label={finalist.title}
            sx={{
              height: '100%',
              background: finalist.poster_url
                ? `url("${finalist.poster_url}") center / contain no-repeat`
                : undefined,
            }}
          />
        )}
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {winner && (
          <Typography
            variant="overline"
            sx={{ color: 'primary.main', display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <EmojiEventsRounded fontSize="small" aria-hidden /> Audience award winner
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }}>
          <Typography component="h2" variant="h6">
            {finalist.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            by {finalist.creator_name}
          </Typography>
          {votes !== undefined && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {votes} {votes === 1 ? 'vote' : 'votes'}
            </Typography>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
