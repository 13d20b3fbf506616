import { useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { AUDIT_ACTIONS } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useAuditLog } from '../api/get-audit-log';
import { AuditValue } from './audit-values';
import { PageNav } from './page-nav';

/** 'video.reject' → 'video reject', for reading. */
const readable = (action: string) => action.replace(/[._]/g, ' ');

/** The audit log, newest first: filter by actor, action and record; every entry shows before and after. */
export function AuditLog() {
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  // One settled filter object per change of the fields (a new object each render would never settle).
  const typed = useMemo(() => ({ actor, action, target }), [actor, action, target]);
  const filter = useDebouncedValue(typed);
  const log = useAuditLog({ ...filter, page });

  const change = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setPage(1);
  };

  return (
    <Stack spacing={3}>
      <Stack
        component="form"
        role="search"
        aria-label="Filter the audit log"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField label="Actor (e-mail)" value={actor} onChange={change(setActor)} sx={{ flex: 1 }} />
        <TextField
          select
          label="Action"
          value={action}
          onChange={change(setAction)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTIONS.map((name) => (
            <MenuItem key={name} value={name}>
              {readable(name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Record"
          placeholder="video:12"
          helperText="A type, or type:id"
          value={target}
          onChange={change(setTarget)}
          sx={{ flex: 1 }}
        />
      </Stack>

      {log.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label="Loading the audit log">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : log.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void log.refetch()}>
              Try again
            </Button>
          }
        >
          {log.error instanceof ApiError ? log.error.userMessage() : 'Failed to load the audit log.'}
        </Alert>
      ) : log.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 3 }}>
          {filter.actor || filter.action || filter.target
            ? 'No entry matches these filters.'
            : 'Nothing has been recorded yet. Review decisions, invitations and deactivations appear here.'}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label="Audit entries"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {log.data.results.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
            >
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}
              >
                <Chip size="small" color="secondary" variant="outlined" label={readable(entry.action)} />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {entry.target_type} #{entry.target_id}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  by {entry.actor_email} · {formatDateTime(entry.created_at)}
                </Typography>
              </Stack>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <AuditValue label="Before" value={entry.before} />
                <AuditValue label="After" value={entry.after} />
              </Box>
            </Box>
          ))}
        </Box>
      )}

      {log.data && (
        <PageNav
          page={page}
          count={log.data.count}
          hasPrevious={Boolean(log.data.previous)}
          hasNext={Boolean(log.data.next)}
          noun="entries"
          onPage={setPage}
        />
      )}
    </Stack>
  );
}
