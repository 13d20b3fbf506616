import { Box, Chip, Grid, Stack, Typography } from '@mui/material';
import { ChairIllustration } from '../../../components/chair-illustration';
import { useContestProducts } from '../api/get-contest-products';
import { CHAIRS, tileStatus, type TileStatus } from '../lib/chairs';

const CHIP_COLOR: Record<TileStatus, 'default' | 'success' | 'warning' | 'error'> = {
  'Loading...': 'default',
  Available: 'success',
  'All Picked!': 'error',
  'Status Unavailable': 'warning',
};

/** The three chair tiles with their live status (spec §2, §4). */
export function ProductTiles({ contestRef }: { contestRef: string }) {
  const products = useContestProducts(contestRef);
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {CHAIRS.map((chair) => {
        const { status, stock } = tileStatus(chair, products);
        return (
          <Grid key={chair.code} size={{ xs: 12, sm: 4 }} component="li" aria-label={chair.name}>
            <Stack
              direction={{ xs: 'row', sm: 'column' }}
              spacing={2}
              sx={{ alignItems: { xs: 'center', sm: 'stretch' } }}
            >
              <Box sx={{ width: { xs: 112, sm: '100%' }, flexShrink: 0 }}>
                <ChairIllustration
                  code={chair.code}
                  title={`${chair.name} chair`}
                  sx={{ aspectRatio: { xs: '1', sm: '4 / 5' } }}
                />
              </Box>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{
                  alignItems: { xs: 'flex-start', sm: 'center' },
                  justifyContent: 'space-between',
                  gap: 1,
                  flexGrow: 1,
                }}
              >
                <Box>
                  <Typography component="h3" variant="h4">
                    {chair.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {chair.concept}
                    {stock !== undefined && ` · ${stock} left`}
                  </Typography>
                </Box>
                <Chip
                  label={status}
                  color={CHIP_COLOR[status]}
                  variant={status === 'Available' ? 'filled' : 'outlined'}
                />
              </Stack>
            </Stack>
          </Grid>
        );
      })}
    </Grid>
  );
}
