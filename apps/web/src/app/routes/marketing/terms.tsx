import { Link as RouterLink } from 'react-router';
import { Link, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { SITE_NAME } from '../../../content/site';

export default function TermsPage() {
  return (
    <SimplePage title="Terms">
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        The general terms of use of {SITE_NAME} are being written. Until they are published, taking part in a
        contest is governed by the{' '}
        <Link component={RouterLink} to={paths.rules}>
          Contest Rules
        </Link>
        , the{' '}
        <Link component={RouterLink} to={paths.agreement}>
          Participant Agreement
        </Link>{' '}
        and the{' '}
        <Link component={RouterLink} to={paths.privacy}>
          Privacy Policy
        </Link>
        .
      </Typography>
    </SimplePage>
  );
}
