import { Alert, Box, Button, Link } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FEATURED_CONTEST_ID, formatContestDate } from '@app/domain';
import { useContestAgreement } from '../../../lib/contest-agreement';
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
  const [params] = useSearchParams();
  // /agreement?contest=ID&version=N: another contest's agreement, or an earlier version of it.
  const contestId = /^\d{1,9}$/.test(params.get('contest') ?? '')
    ? params.get('contest')!
    : FEATURED_CONTEST_ID;
  const versionParam = params.get('version') ?? '';
  const version = /^\d{1,9}$/.test(versionParam) ? Number(versionParam) : undefined;
  return (
    <SimplePage title={LEGAL_TITLES[document]}>
      {document === 'agreement' && <AgreementVersionNote contestId={contestId} version={version} />}
      {document !== 'agreement' && contest.isError && (
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
      <LegalDocument
        document={document}
        contest={contest.data}
        contestId={contestId}
        agreementVersion={version}
      />
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

/**
 * Above the agreement: which version a signed-in creator accepted (with a link to read it when it
 * is not the current one), and, on an earlier version, a link back to the current one.
 */
function AgreementVersionNote({ contestId, version }: { contestId: number | string; version?: number }) {
  const current = useContestAgreement(contestId).data;
  if (!current) return null;
  const link = (v?: number) =>
    `${paths.agreement}?contest=${contestId}${v === undefined ? '' : `&version=${v}`}`;
  const accepted = current.accepted;
  const viewingOld = version !== undefined && version !== current.version;
  if (!accepted && !viewingOld) return null;
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      {viewingOld && (
        <>
          This is version {version}; the current version is {current.version}.{' '}
          <Link component={RouterLink} to={link()}>
            Read the current version
          </Link>
          .{' '}
        </>
      )}
      {accepted && (
        <>
          You accepted version {accepted.version} on{' '}
          {formatContestDate(accepted.accepted_at, 'UTC', { time: true })}.
          {accepted.version !== current.version && accepted.version !== version && (
            <>
              {' '}
              <Link component={RouterLink} to={link(accepted.version)}>
                Read the version you accepted
              </Link>
              .
            </>
          )}
        </>
      )}
    </Alert>
  );
}
