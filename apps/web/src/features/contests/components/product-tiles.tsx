import { Box, Chip, Grid, Stack, Typography } from '@mui/material';
import type { ContestResponse } from '@app/domain';
import { ProductImage, productAccent } from '../../../components/product-image';
import { useContestProducts } from '../api/get-contest-products';
import { productTitle, tileStatus, type TileStatus } from '../lib/products';

const CHIP_COLOR: Record<TileStatus, 'default' | 'success' | 'warning' | 'error'> = {
  'Loading...': 'default',
  Available: 'success',
  'All Picked!': 'error',
  'Status Unavailable': 'warning',
};

/** The contest's product tiles with their live status (spec §2, §4), from the contest's records. */
export function ProductTiles({ contest }: { contest: ContestResponse }) {
  const products = useContestProducts(String(contest.id));
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {contest.products.map((product, index) => {
        const { status, stock } = tileStatus(product, products);
        return (
          <Grid key={product.id} size={{ xs: 12, sm: 4 }} component="li" aria-label={product.name}>
            <Stack
              direction={{ xs: 'row', sm: 'column' }}
              spacing={2}
              sx={{ alignItems: { xs: 'center', sm: 'stretch' } }}
            >
              <Box sx={{ width: { xs: 112, sm: '100%' }, flexShrink: 0 }}>
                <ProductImage
                  src={product.image_url}
                  title={productTitle(contest, product)}
                  accent={productAccent(index)}
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
                    {product.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[product.concept, stock !== undefined ? `${stock} left` : '']
                      .filter(Boolean)
                      .join(' · ')}
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
