import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { Role, StaffUser } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useNotify } from '../../../components/notifications';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUsers } from '../api/get-users';
import { useDeactivateUser } from '../api/deactivate-user';
import { PageNav } from './page-nav';
import { ConfirmDialog } from '../../../components/confirm-dialog';

const ROLE_LABELS: Record<Role, string> = {
  creator: 'Creator',
  brand: 'Brand',
  staff: 'Staff',
  voter: 'Voter',
};

function userName(user: StaffUser): string {
  if (user.role === 'brand' && user.company_name) return user.company_name;
  return `${user.first_name} ${user.last_name}`.trim() || '—';
}

/** The account list: filter by role, search by e-mail or name, deactivate after a confirmation. */
export function UsersPanel() {
  const [role, setRole] = useState<Role | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q);
  const users = useUsers({ role, q: search, page });
  const deactivate = useDeactivateUser();
  // Staff deactivate any account but their own (the server also keeps the last active staff).
  const myId = useSession()?.user.id;
  const notify = useNotify();
  const [confirming, setConfirming] = useState<StaffUser | null>(null);

  const confirm = () => {
    if (!confirming) return;
    const user = confirming;
    deactivate.mutate(user.id, {
      onSuccess: () =>
        notify(`${user.email} is deactivated and signed out everywhere.`, { severity: 'success' }),
      onError: (error) =>
        notify(error instanceof ApiError ? error.userMessage() : 'The account was not deactivated.', {
          severity: 'error',
        }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Box component="section" aria-labelledby="users-heading">
      <Typography id="users-heading" component="h2" variant="h4" sx={{ mb: 2 }}>
        Users
      </Typography>
      <UserFilters
        role={role}
        query={q}
        onRole={(value) => {
          setRole(value);
          setPage(1);
        }}
        onQuery={(value) => {
          setQ(value);
          setPage(1);
        }}
      />

      {users.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading users">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={48} />
          ))}
        </Stack>
      ) : users.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void users.refetch()}>
              Try again
            </Button>
          }
        >
          {users.error instanceof ApiError ? users.error.userMessage() : 'Failed to load the users.'}
        </Alert>
      ) : users.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 3 }}>No account matches.</Typography>
      ) : (
        <UsersTable users={users.data.results} myId={myId} onDeactivate={setConfirming} />
      )}

      {users.data && (
        <Box sx={{ mt: 2 }}>
          <PageNav
            page={page}
            count={users.data.count}
            hasPrevious={Boolean(users.data.previous)}
            hasNext={Boolean(users.data.next)}
            noun="accounts"
            onPage={setPage}
          />
        </Box>
      )}

      <ConfirmDialog
        open={confirming !== null}
        id="deactivate-title"
        title="Deactivate this account?"
        action="Deactivate"
        pendingAction="Deactivating..."
        pending={deactivate.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        {confirming?.email} will be signed out everywhere at once and can no longer sign in.
      </ConfirmDialog>
    </Box>
  );
}

/** Filter by role and search by e-mail or name; each change starts at the first page. */
function UserFilters({
  role,
  query,
  onRole,
  onQuery,
}: {
  role: Role | '';
  query: string;
  onRole: (role: Role | '') => void;
  onQuery: (query: string) => void;
}) {
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Find users"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2 }}
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        select
        label="Role"
        value={role}
        onChange={(event) => onRole(event.target.value as Role | '')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
      >
        <MenuItem value="">All roles</MenuItem>
        {(Object.keys(ROLE_LABELS) as Role[]).map((value) => (
          <MenuItem key={value} value={value}>
            {ROLE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="search"
        label="Search by e-mail or name"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
      />
    </Stack>
  );
}

/** The accounts of the page, each with its status: deactivated, you, or a button to deactivate it. */
function UsersTable({
  users,
  myId,
  onDeactivate,
}: {
  users: StaffUser[];
  myId: number | undefined;
  onDeactivate: (user: StaffUser) => void;
}) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>E-mail</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Name</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Role</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Joined</TableCell>
            <TableCell align="right">Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
                {/* On a phone the role column is folded in under the address. */}
                <Typography
                  variant="caption"
                  sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
                >
                  {ROLE_LABELS[user.role]}
                </Typography>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{userName(user)}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {ROLE_LABELS[user.role]}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {formatDateTime(user.created_at)}
              </TableCell>
              <TableCell align="right">
                {user.deactivated_at ? (
                  <Chip size="small" label="Deactivated" variant="outlined" />
                ) : user.id === myId ? (
                  <Chip size="small" label="You" color="success" variant="outlined" />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    onClick={() => onDeactivate(user)}
                    aria-label={`Deactivate ${user.email}`}
                  >
                    Deactivate
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
