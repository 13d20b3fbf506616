import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { formatMoney, LIMITS } from '@app/domain';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { SITE_NAME } from '../../../content/site';

export default function AboutPage() {
  return (
    <SimplePage title="About">
      <Typography sx={{ fontSize: '1.125rem', mb: 2 }}>
        {SITE_NAME} partners with brands to run video contests for independent filmmakers.
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        A brand brings a product and a creative challenge. We select creators from their applications and
        portfolios, send them the product and the brief, and they make a cinematic ad. Our team and the
        brand&apos;s marketing team judge the films; winners receive trophies, cash prizes, exposure and the
        recognition of the community.
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        The current contest is run with Hbada, with a grand prize of{' '}
        {formatMoney(LIMITS.prizeUsd * 100, 'USD', { wholeUnits: true, code: true })}.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button component={RouterLink} to={paths.howItWorks} variant="contained">
          See how it works
        </Button>
        <Button component={RouterLink} to={paths.contact} variant="outlined" color="inherit">
          Contact us
        </Button>
      </Box>
    </SimplePage>
  );
}
