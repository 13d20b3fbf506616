import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { displayName } from '@app/domain';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

const PANELS = [
  {
    title: 'Your contests',
    text: 'Contests you sponsor will be listed here, with their timeline and applicants.',
  },
  { title: 'Submissions', text: 'Films submitted to your contests will appear here for review.' },
  { title: 'Results', text: 'Winners and payouts will be summarised here once judging ends.' },
];

/** /brand-dashboard (brands only): a placeholder (spec §2) that says so plainly. */
export default function BrandDashboardPage() {
  const session = useSession();
  return (
    <SimplePage title="Brand Dashboard">
      {session && (
        <Typography sx={{ fontSize: '1.125rem', mb: 1 }}>Welcome, {displayName(session.user)}.</Typography>
      )}
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        The brand dashboard is not available yet. Until it is, our team runs your contests with you by e-mail.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, mb: 4 }}>
        {PANELS.map((panel) => (
          <Box
            key={panel.title}
            sx={{ p: 3, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Typography component="h2" variant="h5">
              {panel.title}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {panel.text}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button component={RouterLink} to={paths.contests} variant="contained">
          Browse contests
        </Button>
        <Button component={RouterLink} to={paths.contact} variant="outlined" color="inherit">
          Contact our team
        </Button>
      </Box>
    </SimplePage>
  );
}
