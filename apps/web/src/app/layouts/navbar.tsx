import { useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router';
import {
  AppBar,
  Box,
  Button,
  Container,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Toolbar,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { Logo } from '../../components/logo';

interface NavItem {
  label: string;
  to: string;
  primary?: boolean;
}

/** Logged out: Home, Hbada, Login, Signup. Logged in: Home, Hbada, Log out, Dashboard (spec §2). */
function useNavItems(): NavItem[] {
  const session = useSession();
  const common = [
    { label: 'Home', to: paths.home },
    { label: 'Hbada', to: paths.hbadaSynergy },
  ];
  return session
    ? [...common, { label: 'Log out', to: paths.logout }, { label: 'Dashboard', to: paths.dashboard, primary: true }]
    : [...common, { label: 'Login', to: paths.login }, { label: 'Signup', to: paths.signup, primary: true }];
}

export function Navbar() {
  const items = useNavItems();
  const [open, setOpen] = useState(false);
  return (
    <AppBar position="sticky" elevation={0} color="transparent" sx={{ backdropFilter: 'blur(12px)', bgcolor: 'rgba(11,11,15,0.8)', borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: 64 }}>
          <Box component={RouterLink} to={paths.home} aria-label="Home" sx={{ display: 'flex', alignItems: 'center', color: 'text.primary', textDecoration: 'none', flexGrow: 1 }}>
            <Logo />
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
            {items.map((item) => (
              <Button
                key={item.label}
                component={NavLink}
                to={item.to}
                end
                variant={item.primary ? 'contained' : 'text'}
                color={item.primary ? 'primary' : 'inherit'}
              >
                {item.label}
              </Button>
            ))}
          </Box>
          <IconButton
            aria-label="Open menu"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, color: 'text.primary' }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box component="nav" aria-label="Mobile" sx={{ width: 260, pt: 2 }}>
          <List>
            {items.map((item) => (
              <ListItemButton key={item.label} component={RouterLink} to={item.to} onClick={() => setOpen(false)}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
