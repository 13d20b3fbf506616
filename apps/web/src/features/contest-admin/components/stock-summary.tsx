import { Box, Skeleton, Typography } from '@mui/material';
import type { ContestResponse } from '@app/domain';
import { useContestStock } from '../api/get-managed-contest';

/**
 * Each product's units left and reserved, above the applications: selecting, declining and a
 * release move units, and this is read again after each.
 */
export function StockSummary({ contest }: { contest: ContestResponse }) {
  const stock = useContestStock(String(contest.id));
  if (stock.isError) return null;
  if (!stock.data) return <Skeleton variant="rounded" height={64} />;
  const name = (productId: number) => contest.products.find((p) => p.id === productId)?.name ?? 'Product';
  return (
    <Box
      component="ul"
      aria-label="Stock"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
      }}
    >
      {stock.data.map((s) => (
        <Box
          component="li"
          key={s.product_id}
          aria-label={`${name(s.product_id)}: ${s.stock_quantity} left, ${s.reserved} reserved`}
          sx={{ px: 2, py: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {name(s.product_id)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {s.stock_quantity} left · {s.reserved} reserved · {s.total} in all
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
