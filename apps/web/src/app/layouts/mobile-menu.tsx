import { Link as RouterLink } from 'react-router';
import { Box, Drawer, IconButton, List, ListItemButton, ListItemText } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { MessagesMenuItem } from '../../features/conversations/badge';
import type { NavItem } from './nav-item';

interface MobileMenuProps {
  items: NavItem[];
  open: boolean;
  /** Signed in: the menu lists Messages with its unread total. */
  signedIn: boolean;
  onClose: () => void;
}

/**
 * The hamburger menu's drawer. Loaded on the first tap (the Drawer and its modal machinery are
 * not part of the entry chunk).
 */
export default function MobileMenu({ items, open, signedIn, onClose }: MobileMenuProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 280, bgcolor: 'background.paper' } } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Mobile">
        <List>
          {items.map((item) => (
            <ListItemButton
              key={item.label}
              component={RouterLink}
              to={item.to}
              onClick={onClose}
              sx={{ minHeight: 48, px: 3, ...(item.primary && { color: 'primary.main' }) }}
            >
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
            </ListItemButton>
          ))}
          {signedIn && <MessagesMenuItem onClick={onClose} />}
        </List>
      </Box>
    </Drawer>
  );
}
