import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, NavLink, useMatch } from 'react-router';
import { AppBar, Box, Button, Container, IconButton, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import type { Role } from '@app/domain';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { Logo } from '../../components/logo';
import { themeTokens } from '../../theme';
import { onEarlyAction } from '../../lib/early-actions';
import type { NavItem } from './nav-item';

const MobileMenu = lazy(() => import('./mobile-menu'));
// Signed-in users only: the bell and its live updates load after the page, never on public pages.
const NotificationBell = lazy(() => import('./notification-bell'));

/** The signed-in user's own home in the navbar: staff have the console, brands and creators a dashboard. */
function homeItem(role: Role): NavItem {
  if (role === 'staff') return { label: 'Console', to: paths.staff, primary: true };
  if (role === 'brand') return { label: 'Dashboard', to: paths.brandDashboard, primary: true };
  return { label: 'Dashboard', to: paths.dashboard, primary: true };
}

/** Logged out: Home, Hbada, Login, Signup. Logged in: Home, Hbada, Log out, Dashboard (spec §2). */
function useNavItems(): NavItem[] {
  const session = useSession();
  const common = [
    { label: 'Home', to: paths.home },
    { label: 'Hbada', to: paths.hbadaSynergy },
  ];
  return session
    ? [...common, { label: 'Log out', to: paths.logout }, homeItem(session.user.role)]
    : [...common, { label: 'Login', to: paths.login }, { label: 'Signup', to: paths.signup, primary: true }];
}

export function Navbar() {
  const items = useNavItems();
  // Signing out ends the session: the bell and its live stream are not started on /logout.
  const signingOut = !!useMatch(paths.logout);
  const signedIn = !!useSession() && !signingOut;
  const [open, setOpen] = useState(false);
  // The drawer's code is fetched on the first tap and kept afterwards (so it can animate closed).
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openMenu = useCallback(() => {
    setMenuLoaded(true);
    setOpen(true);
  }, []);
  // Tapped before the page's scripts had run: opened now that they have.
  useEffect(() => onEarlyAction('open-menu', openMenu), [openMenu]);
  return (
    <AppBar
      position="sticky"
      elevation={0}
      color="transparent"
      sx={{
        backdropFilter: 'blur(12px)',
        bgcolor: themeTokens.scrim,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        {/* Phones: the wordmark, Messages, the bell and the menu button fit in 360 px. */}
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 2 }, minHeight: 64 }}>
          <Box
            component={RouterLink}
            to={paths.home}
            aria-label="Cinematic Contests home"
            sx={{
              display: 'flex',
              alignItems: 'center',
              color: 'text.primary',
              textDecoration: 'none',
              minHeight: 44,
              borderRadius: 1,
            }}
          >
            <Logo />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
            {items.map((item) => (
              <Button
                key={item.label}
                component={NavLink}
                to={item.to}
                end
                variant={item.primary ? 'contained' : 'text'}
                color={item.primary ? 'primary' : 'inherit'}
                sx={item.primary ? undefined : { '&.active': { color: 'primary.main' } }}
              >
                {item.label}
              </Button>
            ))}
          </Box>
          {signedIn && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <IconButton
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={open}
            data-early-action="open-menu"
            onClick={openMenu}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, color: 'text.primary' }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu items={items} open={open} signedIn={signedIn} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
