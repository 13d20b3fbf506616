import { Box, Button, Typography } from '@mui/material';
import { usePublicConfig } from '../../../lib/public-config';
import visuallyHidden from '@mui/utils/visuallyHidden';

/** The link to the chat community: its address is configuration (COMMUNITY_URL, /api/config/). */
export function CommunityLink() {
  const config = usePublicConfig();
  return (
    <Box sx={{ minHeight: 48 }}>
      {config.data ? (
        <Button
          href={config.data.community_url}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          color="secondary"
          size="large"
        >
          Join the chat community
          <Box component="span" sx={visuallyHidden}>
            {' '}
            (opens in a new tab)
          </Box>
        </Button>
      ) : config.isError ? (
        <Typography color="textSecondary">
          The community link could not be loaded. Reload the page to try again.
        </Typography>
      ) : (
        <Box aria-hidden sx={{ width: 240, height: 48, borderRadius: 999, bgcolor: 'action.hover' }} />
      )}
    </Box>
  );
}
