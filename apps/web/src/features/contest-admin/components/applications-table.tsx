import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Pagination,
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
import {
  APPLICATION_SORTS,
  APPLICATION_STATUSES,
  CONTEST_ADMIN_LIMITS,
  formatContestDate,
  type ApplicationStatus,
  type ContestResponse,
  type ManagedApplication,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import {
  downloadShippingCsv,
  useApplicationAction,
  useApplications,
  type ApplicationAction,
  type ApplicationsFilter,
} from '../api/applications';
import { ReleaseApplications } from './release-applications';
import { StockSummary } from './stock-summary';

const STATUS_COLOR = {
  pending: 'warning',
  selected: 'success',
  declined: 'default',
  withdrawn: 'default',
} as const;

const SORT_LABEL = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name' } as const;

type Pending =
  | { kind: 'select' | 'decline' | 'withdraw'; application: ManagedApplication }
  | { kind: 'shipment'; application: ManagedApplication };

const ACTION_TITLE = {
  select: 'Select',
  decline: 'Decline',
  withdraw: 'Withdraw',
  shipment: 'Mark shipped',
} as const;

function DecisionDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const action = useApplicationAction();
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  if (!pending) return null;
  const { application, kind } = pending;
  const close = () => {
    action.reset();
    setNote('');
    setCarrier('');
    setTracking('');
    onClose();
  };
  const submit = () => {
    const request: ApplicationAction =
      kind === 'shipment'
        ? {
            kind,
            id: application.id,
            shipment: { carrier: carrier.trim(), tracking_number: tracking.trim() },
          }
        : { kind, id: application.id, note: note.trim() };
    action.mutate(request, { onSuccess: close });
  };
  const error =
    action.error instanceof ApiError
      ? action.error.status === 409
        ? `${action.error.detail} The list has been refreshed.`
        : action.error.userMessage()
      : null;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="decision-title">
      <DialogTitle id="decision-title">
        {ACTION_TITLE[kind]} {application.full_name}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {kind === 'shipment' ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {application.product.name} to {application.shipping_address?.line1},{' '}
              {application.shipping_address?.city}. The creator is e-mailed the carrier and tracking number.
            </Typography>
            <TextField
              label="Carrier"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CONTEST_ADMIN_LIMITS.carrierMax } }}
              autoFocus
            />
            <TextField
              label="Tracking number"
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CONTEST_ADMIN_LIMITS.trackingMax } }}
            />
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {kind === 'select'
                ? 'The creator is e-mailed the brief and what happens next.'
                : kind === 'decline'
                  ? 'The creator gets a kind e-mail; their unit goes back to stock.'
                  : 'The selection is withdrawn before shipping; the unit goes back to stock.'}
            </Typography>
            <TextField
              label="Note (optional)"
              multiline
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CONTEST_ADMIN_LIMITS.noteMax } }}
              helperText={kind === 'withdraw' ? 'Kept in the audit log.' : 'Included in the e-mail.'}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={action.isPending || (kind === 'shipment' && (!carrier.trim() || !tracking.trim()))}
        >
          {ACTION_TITLE[kind]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Actions({
  application,
  isStaff,
  onAct,
}: {
  application: ManagedApplication;
  isStaff: boolean;
  onAct: (pending: Pending) => void;
}) {
  const deliver = useApplicationAction();
  const label = (verb: string) => `${verb} ${application.full_name}`;
  if (application.status === 'pending') {
    return (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          aria-label={label('Select')}
          onClick={() => onAct({ kind: 'select', application })}
        >
          Select
        </Button>
        <Button
          size="small"
          color="inherit"
          aria-label={label('Decline')}
          onClick={() => onAct({ kind: 'decline', application })}
        >
          Decline
        </Button>
      </Stack>
    );
  }
  if (application.status !== 'selected') return null;
  if (!application.shipment) {
    return (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          aria-label={label('Mark shipped for')}
          onClick={() => onAct({ kind: 'shipment', application })}
        >
          Mark shipped
        </Button>
        {isStaff ? (
          <Button
            size="small"
            color="inherit"
            aria-label={label('Withdraw')}
            onClick={() => onAct({ kind: 'withdraw', application })}
          >
            Withdraw
          </Button>
        ) : null}
      </Stack>
    );
  }
  if (!application.shipment.delivered_at) {
    return (
      <Button
        size="small"
        color="inherit"
        aria-label={label('Mark delivered for')}
        disabled={deliver.isPending}
        onClick={() => deliver.mutate({ kind: 'delivered', id: application.id })}
      >
        Mark delivered
      </Button>
    );
  }
  return null;
}

function Shipment({ application }: { application: ManagedApplication }) {
  const s = application.shipment;
  if (!s) return <>—</>;
  return (
    <>
      {s.carrier} ·{' '}
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {s.tracking_number}
      </Box>
      {s.delivered_at ? ' · delivered' : ''}
    </>
  );
}

const LINK_LABEL = { youtube: 'YouTube', instagram: 'Instagram', portfolio: 'Portfolio' } as const;

function Applicant({ application }: { application: ManagedApplication }) {
  const links = (Object.keys(LINK_LABEL) as Array<keyof typeof LINK_LABEL>)
    .map((name) => [name, application.links[name]] as const)
    .filter(([, url]) => url);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600 }}>{application.full_name}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
        {application.creator_email}
        {application.phone_number ? ` · ${application.phone_number}` : ''}
      </Typography>
      {application.bio ? (
        <Typography variant="body2" sx={{ mt: 0.5, maxWidth: 360 }}>
          {application.bio}
        </Typography>
      ) : null}
      {links.length ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {/* The name of each link, not its address: addresses are long and break the layout. */}
          {links.map(([name, url]) => (
            <Link
              key={name}
              href={/^https?:\/\//i.test(url) ? url : undefined}
              title={url}
              aria-label={`${LINK_LABEL[name]} of ${application.full_name}: ${url}`}
              sx={{ mr: 2 }}
              rel="noopener noreferrer"
              target="_blank"
            >
              {LINK_LABEL[name]}
            </Link>
          ))}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The applications of a contest (staff and its brand): filters by status and product, sort,
 * select or decline with a note, withdraw (staff), mark shipped and delivered, CSV export.
 */
export function ApplicationsTable({ contest, isStaff }: { contest: ContestResponse; isStaff: boolean }) {
  const [filter, setFilter] = useState<ApplicationsFilter>({
    status: '',
    product: '',
    sort: 'newest',
    page: 1,
  });
  const [pending, setPending] = useState<Pending | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const applications = useApplications(String(contest.id), filter);
  const pages = applications.data
    ? Math.max(1, Math.ceil(applications.data.count / CONTEST_ADMIN_LIMITS.pageSize))
    : 1;
  const update = (changes: Partial<ApplicationsFilter>) => setFilter((f) => ({ ...f, page: 1, ...changes }));
  const date = (iso: string) => formatContestDate(iso, contest.timezone);

  return (
    <Stack spacing={2}>
      <StockSummary contest={contest} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status}
          onChange={(e) => update({ status: e.target.value as ApplicationStatus | '' })}
          // "All statuses" shows in the box on first view, instead of an empty box under its label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { sm: 180 } }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {APPLICATION_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status[0]!.toUpperCase() + status.slice(1)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Product"
          value={filter.product === '' ? '' : String(filter.product)}
          onChange={(e) => update({ product: e.target.value ? Number(e.target.value) : '' })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { sm: 200 } }}
        >
          <MenuItem value="">All products</MenuItem>
          {contest.products.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort"
          value={filter.sort}
          onChange={(e) => update({ sort: e.target.value as ApplicationsFilter['sort'] })}
          sx={{ width: { sm: 180 } }}
        >
          {APPLICATION_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {SORT_LABEL[sort]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          onClick={() => {
            setExportError(null);
            downloadShippingCsv(String(contest.id), `shipping-${contest.slug}.csv`).catch(() =>
              setExportError('The shipping list could not be exported. Please try again.'),
            );
          }}
        >
          Export shipping CSV
        </Button>
        {isStaff ? <ReleaseApplications contest={contest} /> : null}
      </Stack>
      {exportError ? <Alert severity="error">{exportError}</Alert> : null}
      {applications.isError ? (
        <Alert severity="error">
          {applications.error instanceof ApiError
            ? applications.error.userMessage()
            : 'Could not load applications.'}
        </Alert>
      ) : null}
      {applications.data && applications.data.count === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
          {filter.status || filter.product ? 'No application matches these filters.' : 'No applications yet.'}
        </Typography>
      ) : null}
      {applications.data && applications.data.count > 0 ? (
        <>
          {/* Phones: a card per application; wider screens: the table. */}
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ display: { xs: 'flex', md: 'none' }, listStyle: 'none', p: 0, m: 0 }}
          >
            {applications.data.results.map((a) => (
              <Box
                component="li"
                key={a.id}
                sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', gap: 1 }}
              >
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Applicant application={a} />
                  <Chip size="small" label={a.status} color={STATUS_COLOR[a.status]} sx={{ flexShrink: 0 }} />
                </Stack>
                <Typography variant="body2">
                  {a.product.name} · applied {date(a.created_at)}
                </Typography>
                {a.decision.note ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    Note: {a.decision.note}
                  </Typography>
                ) : null}
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Shipment: <Shipment application={a} />
                </Typography>
                <Box>
                  <Actions application={a} isStaff={isStaff} onAct={setPending} />
                </Box>
              </Box>
            ))}
          </Stack>
          <TableContainer sx={{ display: { xs: 'none', md: 'block' } }}>
            <Table size="small" aria-label="Applications">
              <TableHead>
                <TableRow>
                  <TableCell>Applicant</TableCell>
                  <TableCell>Product</TableCell>
                  <TableCell>Applied</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Shipment</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {applications.data.results.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell>
                      <Applicant application={a} />
                    </TableCell>
                    <TableCell>{a.product.name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(a.created_at)}</TableCell>
                    <TableCell>
                      <Chip size="small" label={a.status} color={STATUS_COLOR[a.status]} />
                      {a.decision.note ? (
                        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                          {a.decision.note}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <Shipment application={a} />
                    </TableCell>
                    <TableCell>
                      <Actions application={a} isStaff={isStaff} onAct={setPending} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={filter.page}
              onChange={(_, page) => setFilter((f) => ({ ...f, page }))}
            />
          ) : null}
        </>
      ) : null}
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
