import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ContestProduct } from '@app/domain';
import { productAccent } from '../../../components/product-image';

/** Each product's feature list, from its record; one open at a time (spec §4). */
export function FeatureAccordion({ products }: { products: ContestProduct[] }) {
  const [open, setOpen] = useState<number | false>(false);
  return (
    <Box>
      {products.map((product, index) => (
        <Accordion
          key={product.id}
          expanded={open === product.id}
          onChange={(_, expanded) => setOpen(expanded ? product.id : false)}
          disableGutters
          sx={{
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            '&:before': { display: 'none' },
            mb: 1,
          }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`features-${product.id}`}
            id={`features-${product.id}-header`}
          >
            <Typography component="span" variant="h5">
              {product.name} features
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`features-${product.id}`}>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {product.features.map((feature) => (
                <Typography
                  component="li"
                  key={feature}
                  color="text.secondary"
                  sx={{ mb: 0.75, '&::marker': { color: productAccent(index) } }}
                >
                  {feature}
                </Typography>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
