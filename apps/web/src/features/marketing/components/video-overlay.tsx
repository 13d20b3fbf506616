import { Box, Dialog, DialogContent, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { PastWinner } from '../data/winners';

interface VideoOverlayProps {
  winner: PastWinner | null;
  onClose: () => void;
}

/** A past winner's film in an overlay (loaded on first click: it is not part of the page chunk). */
export default function VideoOverlay({ winner, onClose }: VideoOverlayProps) {
  return (
    <Dialog
      open={Boolean(winner)}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="video-overlay-title"
    >
      {winner && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 3, pr: 1, pt: 1 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography id="video-overlay-title" component="h2" variant="h5" noWrap>
                {winner.title}
              </Typography>
              <Typography variant="body2" color="textSecondary" noWrap>
                {winner.creator} for {winner.brand} · {winner.award}
              </Typography>
            </Box>
            <IconButton aria-label="Close video" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <DialogContent>
            <Box
              component="video"
              controls
              autoPlay
              muted
              loop
              playsInline
              preload="metadata"
              poster={winner.poster}
              src={winner.video}
              aria-label={`${winner.title} by ${winner.creator}`}
              sx={{
                display: 'block',
                width: '100%',
                aspectRatio: '9 / 16',
                maxHeight: '70vh',
                objectFit: 'contain',
                bgcolor: 'common.black',
                borderRadius: 0.5,
              }}
            />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
