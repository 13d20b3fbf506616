import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { amountToCents, formatMoney, type CreatorEarnings } from '@app/domain';

/** Spec §2 Earnings Overview: three amounts in dollars with 2 decimals (the API's '1234.50'). */
export function EarningsOverview({ earnings }: { earnings: CreatorEarnings | undefined }) {
  const tiles = [
    { label: 'Total Earnings', value: earnings?.total_earnings },
    { label: 'Recent Earnings', value: earnings?.recent_earnings },
    { label: 'Pending Payments', value: earnings?.pending_payments },
  ];
  return (
    <Card component="section" aria-labelledby="earnings-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="earnings-heading" component="h2" variant="h4" gutterBottom>
          Earnings Overview
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {tiles.map((tile) => (
            <Box
              key={tile.label}
              sx={{ p: 2, borderRadius: 1, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {tile.label}
              </Typography>
              <Typography variant="h3" component="p" sx={{ mt: 0.5 }}>
                {tile.value === undefined || !earnings ? (
                  <Skeleton width="70%" />
                ) : (
                  formatMoney(amountToCents(tile.value), earnings.currency)
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
