import { Alert, Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import {
  channelList,
  LICENCE_MESSAGES,
  territoryList,
  type LicenceStatus,
  type LicenceVerification,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLicenceVerification } from '../api/verify-licence';
import { VerifyFile } from './verify-file';

const VERDICT: Record<LicenceStatus, { severity: 'success' | 'warning' | 'error'; text: string }> = {
  valid: { severity: 'success', text: LICENCE_MESSAGES.valid },
  expired: { severity: 'warning', text: LICENCE_MESSAGES.expired },
  revoked: { severity: 'error', text: LICENCE_MESSAGES.revoked },
};

function Term({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Box
      component="div"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, gap: 0.5 }}
    >
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, ...(mono ? { fontFamily: 'monospace', wordBreak: 'break-all' } : {}) }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function LicenceTermsList({ licence }: { licence: LicenceVerification }) {
  return (
    <Paper component="section" aria-labelledby="licence-terms-title" sx={{ p: 2 }}>
      <Typography id="licence-terms-title" variant="h6" component="h2" gutterBottom>
        Terms
      </Typography>
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        <Term label="Film" value={licence.title} />
        <Term label="Contest" value={licence.contest} />
        <Term label="Licensed to" value={licence.brand} />
        <Term label="Channels" value={channelList(licence.channels)} />
        <Term label="Territories" value={territoryList(licence.territories)} />
        <Term label="Exclusivity" value={licence.exclusive ? 'Exclusive' : 'Non-exclusive'} />
        <Term label="Starts" value={formatDateTime(licence.starts_at)} />
        <Term label="Ends" value={formatDateTime(licence.ends_at)} />
        <Term label="Master SHA-256" value={licence.master_sha256} mono />
      </Stack>
    </Paper>
  );
}

/**
 * The public check of a licence certificate (issue 51): whether the licence is valid, expired or
 * revoked, its terms, and whether a file the visitor picks is the licensed master (hashed in the
 * browser).
 */
export function LicenceVerdict({ licenceId }: { licenceId: string }) {
  const query = useLicenceVerification(licenceId);
  if (query.isPending) {
    return <Skeleton variant="rounded" height={240} role="status" aria-label="Loading the licence" />;
  }
  if (query.isError) {
    const unknown = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert severity="error" role="alert">
        {unknown ? LICENCE_MESSAGES.notFound : LICENCE_MESSAGES.loadFailed}
      </Alert>
    );
  }
  const licence = query.data;
  const verdict = VERDICT[licence.status];
  return (
    <Stack spacing={3}>
      <Alert severity={verdict.severity} role="status">
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {verdict.text}
        </Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          Licence {licenceId}
        </Typography>
      </Alert>
      <LicenceTermsList licence={licence} />
      <VerifyFile
        expectedSha256={licence.master_sha256}
        messages={{ match: LICENCE_MESSAGES.fileMatch, mismatch: LICENCE_MESSAGES.fileMismatch }}
      />
    </Stack>
  );
}
