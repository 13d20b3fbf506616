import { useRef, useState } from 'react';
import { Alert, Box, Button, Chip, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  PAPERWORK_LIMITS,
  RELEASE_KIND_LABELS,
  RELEASE_KINDS,
  type Release,
  type ReleaseKind,
  type ReleaseStatus,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useReleaseActions, useReleases } from '../api/releases';

const STATUS: Record<ReleaseStatus, { label: string; color: 'warning' | 'success' | 'error' }> = {
  pending: { label: 'Waiting for review', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};

export interface ReleasesPanelProps {
  entryId: number;
  /** The entrant files releases. */
  canFile: boolean;
  /** Staff approve or reject them. */
  canDecide: boolean;
  /** After a release is filed or decided (the page refreshes what shows the releases' state). */
  onChanged?: () => void;
}

/**
 * An entry's release forms (issue 31): what was filed and its review; the entrant files more,
 * staff approve or reject each with a reason the entrant reads.
 */
export function ReleasesPanel({ entryId, canFile, canDecide, onChanged }: ReleasesPanelProps) {
  const releases = useReleases(entryId);
  const actions = useReleaseActions(entryId, onChanged);
  const failure = actions.file.error ?? actions.decide.error;
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="releases-title">
      <Typography id="releases-title" variant="subtitle1" component="h2" gutterBottom>
        Releases
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        A winning film is paid once its releases are approved: a talent release for each person who appears, a
        location release where one is needed, and a music licence or an original music declaration.
      </Typography>
      {releases.isPending && <Typography role="status">Loading the releases…</Typography>}
      {releases.isError && (
        <Alert severity="error">The releases could not be loaded. Reload the page to try again.</Alert>
      )}
      {releases.data && releases.data.length === 0 && (
        <Typography variant="body2" sx={{ my: 1 }}>
          No release filed yet.
        </Typography>
      )}
      {releases.data && releases.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, my: 1 }}>
          {releases.data.map((release) => (
            <ReleaseItem
              key={release.id}
              release={release}
              canDecide={canDecide}
              busy={actions.decide.isPending}
              onDecide={(decision) => actions.decide.mutate({ id: release.id, ...decision })}
            />
          ))}
        </Stack>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {failure instanceof ApiError ? failure.userMessage() : 'That did not work. Try again.'}
        </Alert>
      )}
      {canFile && (
        <FileReleaseForm busy={actions.file.isPending} onFile={(input) => actions.file.mutate(input)} />
      )}
    </Paper>
  );
}

function ReleaseItem({
  release,
  canDecide,
  busy,
  onDecide,
}: {
  release: Release;
  canDecide: boolean;
  busy: boolean;
  onDecide: (decision: { approve: true } | { approve: false; reason: string }) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const status = STATUS[release.status];
  return (
    <Box component="li">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {RELEASE_KIND_LABELS[release.kind]}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
      </Stack>
      <Link href={release.file_url} variant="body2" sx={{ wordBreak: 'break-all' }}>
        {release.file_name}
      </Link>
      {release.status === 'rejected' && release.reason && (
        <Typography variant="body2" color="text.secondary">
          Reason: {release.reason}
        </Typography>
      )}
      {canDecide && release.status === 'pending' && !rejecting && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => onDecide({ approve: true })}
            aria-label={`Approve ${release.file_name}`}
          >
            Approve
          </Button>
          <Button
            size="small"
            color="inherit"
            disabled={busy}
            onClick={() => setRejecting(true)}
            aria-label={`Reject ${release.file_name}`}
          >
            Reject
          </Button>
        </Stack>
      )}
      {canDecide && release.status === 'pending' && rejecting && (
        <Box
          component="form"
          sx={{ mt: 1, display: 'grid', gap: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            onDecide({ approve: false, reason: reason.trim() });
          }}
        >
          <TextField
            label="Why is it rejected?"
            size="small"
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: PAPERWORK_LIMITS.reasonMax } }}
          />
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              size="small"
              variant="outlined"
              color="error"
              disabled={busy || !reason.trim()}
            >
              Reject release
            </Button>
            <Button size="small" color="inherit" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function FileReleaseForm({
  busy,
  onFile,
}: {
  busy: boolean;
  onFile: (input: { kind: ReleaseKind; file: File }) => void;
}) {
  const [kind, setKind] = useState<ReleaseKind>('talent');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box
      component="form"
      aria-label="File a release"
      sx={{ display: 'grid', gap: 1.5, mt: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        onFile({ kind, file });
        setFile(null);
        if (input.current) input.current.value = '';
      }}
    >
      <TextField
        select
        size="small"
        label="Kind of release"
        value={kind}
        onChange={(event) => setKind(event.target.value as ReleaseKind)}
      >
        {RELEASE_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {RELEASE_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" component="label" sx={{ justifySelf: 'start' }}>
        {file ? file.name : 'Choose a PDF, JPEG or PNG'}
        <input
          ref={input}
          hidden
          type="file"
          aria-label="Release file"
          accept="application/pdf,image/jpeg,image/png"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="caption" color="text.secondary">
        PDF, JPEG or PNG, up to 10 MB.
      </Typography>
      <Button type="submit" variant="contained" disabled={busy || !file} sx={{ justifySelf: 'start' }}>
        Upload release
      </Button>
    </Box>
  );
}
