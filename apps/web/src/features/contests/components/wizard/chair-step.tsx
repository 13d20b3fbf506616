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
import { CHAIR_IDS, type ChairCode, type ProductResponse } from '@app/domain';
import { ChairIllustration } from '../../../../components/chair-illustration';

const CODES = Object.keys(CHAIR_IDS) as ChairCode[];

/** The label of a chair: its name, plus ' (All Picked!)' when none are left (spec §2). */
export function chairLabel(product: Pick<ProductResponse, 'name' | 'stock_quantity'>): string {
  return `${product.name}${product.stock_quantity <= 0 ? ' (All Picked!)' : ''}`;
}

interface ChairStepProps {
  value: number | null;
  onChange: (productId: number) => void;
  products: { isPending: boolean; isError: boolean; data?: ProductResponse[] };
}

/** Step 1, 'Choose Chair': chairs with zero stock are disabled (spec §2, §5). */
export function ChairStep({ value, onChange, products }: ChairStepProps) {
  if (products.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading chairs" />
      </Box>
    );
  }
  if (products.isError || !products.data) {
    return (
      <Alert severity="warning">
        Chair availability could not be loaded. Please reload the page to try again.
      </Alert>
    );
  }
  return (
    <RadioGroup
      aria-label="Choose your chair"
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {products.data.map((product) => {
          const picked = product.stock_quantity <= 0;
          const code = CODES.find((c) => c === product.code);
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
              {code && (
                <ChairIllustration
                  code={code}
                  tile={false}
                  title={`${product.name} chair`}
                  sx={{ maxWidth: { xs: 112, md: 180 }, mx: 'auto' }}
                />
              )}
              <FormControlLabel
                value={String(product.id)}
                disabled={picked}
                control={<Radio />}
                label={chairLabel(product)}
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
