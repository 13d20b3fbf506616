import { Box, Link, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { SUPPORT_EMAIL } from '../../../content/site';
import { CommunityLink } from '../../../features/marketing/components/community-link';

const [user, domain] = SUPPORT_EMAIL.split('@');

export default function ContactPage() {
  return (
    <SimplePage title="Contact">
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        Questions about a contest, your application or a partnership: write to us and we answer within two
        working days.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <Box sx={{ p: 3, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Typography component="h2" variant="h5">
            E-mail
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1, mb: 1 }}>
            Creators and brands alike.
          </Typography>
          <Link href={`mailto:${SUPPORT_EMAIL}`}>
            {/* Lets the address wrap after the @ on narrow phones, never mid-word. */}
            {user}@<wbr />
            {domain}
          </Link>
        </Box>
        <Box sx={{ p: 3, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Typography component="h2" variant="h5">
            Community
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
            Quick questions get quick answers from other creators.
          </Typography>
          <CommunityLink />
        </Box>
      </Box>
    </SimplePage>
  );
}
