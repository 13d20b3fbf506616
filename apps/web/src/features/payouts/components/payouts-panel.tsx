import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import {
  EARNING_KIND_LABELS,
  formatMoney,
  PAYOUT_METHOD_LABELS,
  type Earning,
  type PayoutList,
} from '@app/domain';
import { stackedTableSx } from '../../../components/stacked-table';
import { formatDateTime } from '../../../lib/format';
import { usePayouts, type PayoutStatus } from '../api/get-payouts';
import { downloadPayoutsCsv } from '../api/export-payouts';
import { RecordPayoutDialog } from './record-payout-dialog';

/** /staff/payouts: pending (or paid) amounts per creator, each earning, payouts and the CSV. */
export function PayoutsPanel() {
  const [status, setStatus] = useState<PayoutStatus>('pending');
  const payouts = usePayouts(status);
  const [paying, setPaying] = useState<Earning | null>(null);
  const [exportError, setExportError] = useState(false);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
        }}
      >
        <Tabs
          value={status}
          onChange={(_, value: PayoutStatus) => setStatus(value)}
          aria-label="Payout status"
        >
          <Tab value="pending" label="Pending" />
          <Tab value="paid" label="Paid" />
        </Tabs>
        <Button
          variant="outlined"
          onClick={() => {
            setExportError(false);
            downloadPayoutsCsv(status).catch(() => setExportError(true));
          }}
        >
          Export CSV
        </Button>
      </Box>
      {exportError && <Alert severity="error">The export could not be made. Try again.</Alert>}
      {payouts.isPending && <Skeleton variant="rounded" height={200} />}
      {payouts.isError && <Alert severity="error">The payouts could not be loaded.</Alert>}
      {payouts.data && (
        <>
          <PerCreatorCard status={status} perCreator={payouts.data.per_creator} />
          {payouts.data.earnings.length > 0 && (
            <EarningsCard status={status} earnings={payouts.data.earnings} onPay={setPaying} />
          )}
        </>
      )}
      <RecordPayoutDialog earning={paying} onClose={() => setPaying(null)} />
    </Box>
  );
}

/** What is owed (or was paid) to each creator, per currency. */
function PerCreatorCard({
  status,
  perCreator,
}: {
  status: PayoutStatus;
  perCreator: PayoutList['per_creator'];
}) {
  return (
    <Card component="section" aria-labelledby="per-creator-heading">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="per-creator-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
          {status === 'pending' ? 'Owed per creator' : 'Paid per creator'}
        </Typography>
        {perCreator.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            {status === 'pending'
              ? 'Nothing is owed. Prizes appear here when a contest’s results are published.'
              : 'No payout has been recorded yet.'}
          </Typography>
        ) : (
          <TableContainer>
            <Table
              size="small"
              aria-label={status === 'pending' ? 'Owed per creator' : 'Paid per creator'}
              sx={stackedTableSx}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Creator</TableCell>
                  <TableCell align="right">Earnings</TableCell>
                  <TableCell align="right">Amount</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {perCreator.map((c) => (
                  <TableRow key={`${c.user_id}-${c.currency}`}>
                    <TableCell data-heading>
                      {c.creator_name}
                      <Typography
                        variant="caption"
                        sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}
                      >
                        {c.creator_email}
                      </Typography>
                    </TableCell>
                    <TableCell data-label="Earnings" align="right">
                      {c.earnings}
                    </TableCell>
                    <TableCell data-label="Amount" align="right">
                      {formatMoney(c.amount_cents, c.currency)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** Each earning: pending ones with the button that records their payout, paid ones with how. */
function EarningsCard({
  status,
  earnings,
  onPay,
}: {
  status: PayoutStatus;
  earnings: Earning[];
  onPay: (earning: Earning) => void;
}) {
  return (
    <Card component="section" aria-labelledby="earnings-heading">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="earnings-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
          Earnings
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Earnings" sx={stackedTableSx}>
            <TableHead>
              <TableRow>
                <TableCell>Creator</TableCell>
                <TableCell>Contest</TableCell>
                <TableCell>For</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>{status === 'pending' ? 'Awarded' : 'Paid'}</TableCell>
                <TableCell>{status === 'pending' ? '' : 'Method and reference'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {earnings.map((e) => (
                <TableRow key={e.earning_id}>
                  <TableCell data-heading>{e.creator_name}</TableCell>
                  <TableCell data-label="Contest" data-wide>
                    {e.contest_title ?? '—'}
                  </TableCell>
                  <TableCell data-label="For">{EARNING_KIND_LABELS[e.kind]}</TableCell>
                  <TableCell data-label="Amount" align="right">
                    {formatMoney(e.amount_cents, e.currency)}
                  </TableCell>
                  <TableCell data-label={status === 'pending' ? 'Awarded' : 'Paid'}>
                    {formatDateTime(e.paid_at ?? e.awarded_at)}
                  </TableCell>
                  <TableCell
                    data-wide
                    {...(status === 'pending' ? {} : { 'data-label': 'Method and reference' })}
                  >
                    {status === 'pending' ? (
                      <Button
                        size="small"
                        variant="contained"
                        onClick={() => onPay(e)}
                        aria-label={`Record payout to ${e.creator_name}`}
                      >
                        Record payout
                      </Button>
                    ) : (
                      `${e.method ? PAYOUT_METHOD_LABELS[e.method] : ''} · ${e.reference ?? ''}`
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
