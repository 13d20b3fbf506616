import {
  Alert,
  Box,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import type { ContestResponse, ProductResponse } from '@app/domain';
import { ProductImage, productAccent } from '../../../../components/product-image';
import { productTitle } from '../../lib/products';

/** The label of a product: its name, plus ' (All Picked!)' when none are left (spec §2). */
export function productLabel(product: Pick<ProductResponse, 'name' | 'stock_quantity'>): string {
  return `${product.name}${product.stock_quantity <= 0 ? ' (All Picked!)' : ''}`;
}

interface ProductStepProps {
  contest: Pick<ContestResponse, 'landing'>;
  value: number | null;
  onChange: (productId: number) => void;
  products: { isPending: boolean; isError: boolean; data?: ProductResponse[] };
}

/**
 * Step 1, 'Choose Chair' for the chair contest ('Choose ' + the contest's product noun): the
 * contest's products from their records; those with zero stock are disabled (spec §2, §5).
 */
export function ProductStep({ contest, value, onChange, products }: ProductStepProps) {
  const noun = contest.landing.product_noun;
  if (products.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={`Loading ${noun}s`} />
      </Box>
    );
  }
  if (products.isError || !products.data) {
    return (
      <Alert severity="warning">Availability could not be loaded. Please reload the page to try again.</Alert>
    );
  }
  return (
    <RadioGroup
      aria-label={`Choose your ${noun}`}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {products.data.map((product, index) => {
          const picked = product.stock_quantity <= 0;
          const selected = value === product.id;
          return (
            <Box
              key={product.id}
              sx={{
                flex: 1,
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                borderRadius: 3,
                p: 2,
                opacity: picked ? 0.55 : 1,
                transition: 'border-color 200ms ease-out',
              }}
            >
              <ProductImage
                src={product.image_url}
                tile={false}
                accent={productAccent(index)}
                title={productTitle(contest, product)}
                sx={{ maxWidth: { xs: 112, md: 180 }, mx: 'auto' }}
              />
              <FormControlLabel
                value={String(product.id)}
                disabled={picked}
                control={<Radio />}
                label={productLabel(product)}
                sx={{ mt: 1, width: '100%', mr: 0 }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ pl: 4 }}>
                {picked ? 'None left' : `${product.stock_quantity} left`}
                {product.description && ` · ${product.description}`}
              </Typography>
            </Box>
          );
        })}
      </Stack>
    </RadioGroup>
  );
}
