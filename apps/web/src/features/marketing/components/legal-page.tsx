import { Alert, Box, Button, Skeleton } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LEGAL_TITLES, LegalDocument, type LegalDocumentKey } from '../../../content/legal';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { useFeaturedContest } from '../api/get-featured-contest';

const OTHERS: { key: LegalDocumentKey; to: string }[] = [
  { key: 'privacy', to: paths.privacy },
  { key: 'rules', to: paths.rules },
  { key: 'agreement', to: paths.agreement },
];

/**
 * /privacy, /rules, /agreement: the same texts the application wizard's dialogs show (one source,
 * content/legal.tsx), filled in from the contest record.
 */
export function LegalPage({ document }: { document: LegalDocumentKey }) {
  const contest = useFeaturedContest();
  return (
    <SimplePage title={LEGAL_TITLES[document]}>
      {contest.data ? (
        <LegalDocument document={document} contest={contest.data} />
      ) : contest.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void contest.refetch()}>
              Try again
            </Button>
          }
        >
          This text could not be loaded. Check your connection and try again.
        </Alert>
      ) : (
        // The texts run longer than a screen: the room is kept so nothing below jumps when they load.
        <Box role="status" aria-label="Loading" sx={{ minHeight: '100vh' }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="text" height={28} width={i % 3 === 2 ? '60%' : '100%'} />
          ))}
        </Box>
      )}
      <Box
        component="nav"
        aria-label="Legal"
        sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {OTHERS.filter((o) => o.key !== document).map((other) => (
          <Button key={other.key} component={RouterLink} to={other.to} variant="outlined" color="inherit">
            {LEGAL_TITLES[other.key]}
          </Button>
        ))}
      </Box>
    </SimplePage>
  );
}
