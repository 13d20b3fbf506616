import { Container, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { ThreadInbox, type OpenThread, type RecordLink } from '../../../features/conversations';

/**
 * /messages (any signed-in user): the conversations of their applications and entries (issue 49).
 * An entry's thread links to the entry; an application's to the contest's applications (its team)
 * or to the contest (its creator).
 */
export default function MessagesPage() {
  usePageTitle('Messages');
  const role = useSession()?.user.role;
  const recordLink = ({ kind, id, contest }: OpenThread): RecordLink | null => {
    if (kind === 'entry') return { to: paths.entry(id), label: 'Open the entry' };
    if (!contest) return null;
    return role === 'creator'
      ? { to: paths.contest(contest.id), label: 'Open the contest' }
      : { to: paths.contestApplications(contest.id), label: 'Open the applications' };
  };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Messages
      </Typography>
      <ThreadInbox recordLink={recordLink} />
    </Container>
  );
}
