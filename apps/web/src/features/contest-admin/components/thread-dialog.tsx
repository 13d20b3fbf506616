import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';

/** An application's conversation over the list (the whole screen on phones). */
export function ThreadDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="thread-dialog-title"
    >
      <DialogTitle id="thread-dialog-title" sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ p: { xs: 1, sm: 2 } }}>{children}</DialogContent>
    </Dialog>
  );
}
