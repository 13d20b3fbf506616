import { useId, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { DELIVERY_MESSAGES } from '@app/domain';
import { formatBytes } from '../../../lib/format';
import { fileSha256 } from '../lib/file-sha256';

type Check =
  | { state: 'idle' }
  | { state: 'hashing'; name: string; progress: number }
  | { state: 'done'; name: string; size: number; sha256: string; matches: boolean }
  | { state: 'failed'; name: string };

/**
 * "Verify a file" (issue 31): the brand picks a local file; the browser computes its SHA-256
 * (nothing is uploaded) and says whether it is the master the certificate names.
 */
export function VerifyFile({
  expectedSha256,
  expectedSize,
  messages = { match: DELIVERY_MESSAGES.verifyMatch, mismatch: DELIVERY_MESSAGES.verifyMismatch },
}: {
  expectedSha256: string;
  /** Checked too where known (the delivery states the master's size; a licence does not). */
  expectedSize?: number;
  messages?: { match: string; mismatch: string };
}) {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const inputId = useId();

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setCheck({ state: 'hashing', name: file.name, progress: 0 });
    try {
      const sha256 = await fileSha256(file, (progress) =>
        setCheck((current) => (current.state === 'hashing' ? { ...current, progress } : current)),
      );
      setCheck({
        state: 'done',
        name: file.name,
        size: file.size,
        sha256,
        matches: sha256 === expectedSha256 && (expectedSize === undefined || file.size === expectedSize),
      });
    } catch {
      setCheck({ state: 'failed', name: file.name });
    }
  };

  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="verify-title">
      <Typography id="verify-title" variant="h6" component="h2" gutterBottom>
        Verify a file
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Choose a file on this device: its SHA-256 is computed in your browser (nothing is uploaded) and
        compared with the master named on the licence certificate.
      </Typography>
      <Box sx={{ my: 1 }}>
        <input
          id={inputId}
          type="file"
          hidden
          onChange={(event) => void onPick(event)}
          aria-label="File to verify"
          data-testid="verify-file-input"
        />
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={check.state === 'hashing'}>
          Choose a file to verify
        </Button>
      </Box>
      {check.state === 'hashing' && (
        <Stack spacing={0.5} role="status">
          <Typography variant="body2">Computing the SHA-256 of {check.name}…</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(check.progress * 100)}
            aria-label="Hashing progress"
          />
        </Stack>
      )}
      {check.state === 'failed' && (
        <Alert severity="error" role="alert">
          {check.name} could not be read. Choose it again.
        </Alert>
      )}
      {check.state === 'done' && (
        <Alert severity={check.matches ? 'success' : 'error'} role="status">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {check.matches ? messages.match : messages.mismatch}
          </Typography>
          <Typography variant="body2">
            {check.name} · {formatBytes(check.size)} ({check.size.toLocaleString()} bytes)
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            SHA-256 {check.sha256}
          </Typography>
        </Alert>
      )}
    </Paper>
  );
}
