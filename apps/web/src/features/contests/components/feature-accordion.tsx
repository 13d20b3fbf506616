import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { CHAIR_ACCENTS } from '../../../components/chair-illustration';
import { CHAIRS } from '../lib/chairs';

/** Each chair's feature list; one open at a time (spec §4). */
export function FeatureAccordion() {
  const [open, setOpen] = useState<string | false>(false);
  return (
    <Box>
      {CHAIRS.map((chair) => (
        <Accordion
          key={chair.code}
          expanded={open === chair.code}
          onChange={(_, expanded) => setOpen(expanded ? chair.code : false)}
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
            aria-controls={`features-${chair.code}`}
            id={`features-${chair.code}-header`}
          >
            <Typography component="span" variant="h5">
              {chair.name} features
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`features-${chair.code}`}>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {chair.features.map((feature) => (
                <Typography
                  component="li"
                  key={feature}
                  color="text.secondary"
                  sx={{ mb: 0.75, '&::marker': { color: CHAIR_ACCENTS[chair.code] } }}
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
