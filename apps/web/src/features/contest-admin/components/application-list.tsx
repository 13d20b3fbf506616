import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatContestDate, type ManagedApplication } from '@app/domain';
import { Applicant, ApplicationActions, Shipment } from './application-cells';
import type { PendingDecision } from './application-decision-dialog';

const STATUS_COLOR = {
  pending: 'warning',
  selected: 'success',
  declined: 'default',
  withdrawn: 'default',
} as const;

/** A page of applications: a card each on phones, the table on wider screens. */
export function ApplicationList({
  applications,
  timezone,
  isStaff,
  onAct,
  onMessages,
}: {
  applications: ManagedApplication[];
  /** The contest's, for the dates applied. */
  timezone: string;
  isStaff: boolean;
  onAct: (pending: PendingDecision) => void;
  /** Opens the application's conversation with its creator (when the page offers it). */
  onMessages?: (application: ManagedApplication) => void;
}) {
  const date = (iso: string) => formatContestDate(iso, timezone);
  const messages = (a: ManagedApplication) =>
    onMessages ? (
      <Button
        size="small"
        color="inherit"
        aria-label={`Messages with ${a.full_name}`}
        onClick={() => onMessages(a)}
      >
        Messages
      </Button>
    ) : null;
  return (
    <>
      {/* Phones: a card per application; wider screens: the table. */}
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ display: { xs: 'flex', md: 'none' }, listStyle: 'none', p: 0, m: 0 }}
      >
        {applications.map((a) => (
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
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <ApplicationActions application={a} isStaff={isStaff} onAct={onAct} />
              {messages(a)}
            </Stack>
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
            {applications.map((a) => (
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
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <ApplicationActions application={a} isStaff={isStaff} onAct={onAct} />
                    {messages(a)}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
