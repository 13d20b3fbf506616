import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Box, Button, Container, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';

const CONSOLE = 'Staff console';

const SECTIONS = [
  { label: 'Overview', to: paths.staff },
  { label: 'Review queue', to: paths.staffReview },
  { label: 'Accounts', to: paths.staffAccounts },
  { label: 'Audit log', to: paths.staffAudit },
  { label: 'Payouts', to: paths.staffPayouts },
  { label: 'Insights', to: paths.staffInsights },
] as const;

/** A page of the staff console: its own title, the console's sections and one h1. */
export function ConsolePage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title === CONSOLE ? CONSOLE : `${title} · ${CONSOLE}`);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        component="nav"
        aria-label="Staff console"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: { xs: 2, md: 3 } }}
      >
        {SECTIONS.map((section) => (
          <Button
            key={section.to}
            component={NavLink}
            to={section.to}
            end
            color="inherit"
            size="small"
            sx={{
              color: 'text.secondary',
              '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
            }}
          >
            {section.label}
          </Button>
        ))}
      </Box>
      <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro && <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 720 }}>{intro}</Typography>}
      <Box sx={{ mt: intro ? 0 : 3 }}>{children}</Box>
    </Container>
  );
}
