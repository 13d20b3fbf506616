import { Alert, Box, Button } from '@mui/material';
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
 * content/legal.tsx), filled in from the contest record. The text shows at once, even when the API
 * is down; the contest's dates and details fill in when they load.
 */
export function LegalPage({ document }: { document: LegalDocumentKey }) {
  const contest = useFeaturedContest();
  return (
    <SimplePage title={LEGAL_TITLES[document]}>
      {contest.isError && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void contest.refetch()}>
              Try again
            </Button>
          }
        >
          The contest's dates and details could not be loaded. Check your connection and try again.
        </Alert>
      )}
      <LegalDocument document={document} contest={contest.data} />
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
