import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { AGREEMENT_MESSAGES, agreementBlocks } from '@app/domain';
import { useContestAgreement } from '../lib/contest-agreement';

/** An agreement text (markdown-lite, `agreementBlocks`) in the legal pages' type. */
export function AgreementText({ text }: { text: string }) {
  return (
    <>
      {agreementBlocks(text).map((block, i) =>
        block.kind === 'heading' ? (
          <Typography key={i} component="h2" variant="h5" gutterBottom sx={{ mt: i ? 3 : 0 }}>
            {block.text}
          </Typography>
        ) : block.kind === 'list' ? (
          <Box
            key={i}
            component="ul"
            sx={{ pl: 3, mt: 0, mb: 1.5, color: 'text.secondary', '& li': { mb: 0.5 } }}
          >
            {block.items.map((item, j) => (
              <Typography component="li" variant="body1" key={j}>
                {item}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography key={i} variant="body1" color="text.secondary" sx={{ mb: 1.5 }}>
            {block.text}
          </Typography>
        ),
      )}
    </>
  );
}

/** The agreement could not be loaded: says so, with a way to try again. */
export function AgreementLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {AGREEMENT_MESSAGES.loadFailed}
    </Alert>
  );
}

/** Lines shaped like the text while it loads. */
function AgreementSkeleton() {
  return (
    <Box role="status" aria-label="Loading the agreement">
      {[90, 70, 40, 95, 85, 60, 40, 90, 75].map((width, i) => (
        <Skeleton
          key={i}
          variant="text"
          sx={{ width: `${width}%`, fontSize: i % 3 === 2 ? '1.5rem' : '1rem' }}
        />
      ))}
    </Box>
  );
}

/**
 * A contest's agreement as the API stores it (issue 31): the current version, or `version`.
 * Loading shows lines shaped like text; a failure says so and offers to try again.
 */
export function ContestAgreement({ contestId, version }: { contestId: number | string; version?: number }) {
  const agreement = useContestAgreement(contestId, { version });
  if (agreement.isPending) return <AgreementSkeleton />;
  if (agreement.isError) return <AgreementLoadFailed onRetry={() => void agreement.refetch()} />;
  return (
    <>
      <AgreementText text={agreement.data.text} />
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mt: 3, wordBreak: 'break-all' }}
      >
        Version {agreement.data.version} · SHA-256 {agreement.data.sha256}
      </Typography>
    </>
  );
}
