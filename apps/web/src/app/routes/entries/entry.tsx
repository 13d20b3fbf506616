import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { useBrandRole } from '../../../lib/my-brand';
import { usePageTitle } from '../../../components/simple-page';
import { EntryApprovalsPanel, EntryView, entriesQueryKey } from '../../../features/entries';
import { LicencePanel } from '../../../features/delivery/components/licence-panel';
import { ReleasesPanel } from '../../../features/paperwork';
import { VideoQcReport } from '../../../features/videos';
import { ConversationThread } from '../../../features/conversations';

/** A contest entry (issue 15) with its releases (issue 31): the entrant, staff and the contest's brand. */
export default function EntryPage() {
  const { entryId = '' } = useParams();
  usePageTitle('Contest Entry');
  const client = useQueryClient();
  // Of the brand's team, owners, managers and reviewers approve versions (issue 49); staff do not.
  const brand = useBrandRole();
  const canApprove = brand.isBrand && brand.may('review');
  // Owners and managers of the brand, and staff, propose licence extensions (issue 51).
  const canExtend = brand.isBrand && brand.may('manage');
  // The entry shows its releases' state: it is read again when a release is filed or decided.
  const refreshEntry = () => void client.invalidateQueries({ queryKey: entriesQueryKey });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Contest Entry
      </Typography>
      <EntryView
        entryId={entryId}
        below={(entry, viewer) => (
          <ConversationThread
            kind="entry"
            id={entry.id}
            description={
              viewer.isEntrant
                ? 'Between you and the brand’s team; the platform team can read and join.'
                : 'Between the creator and the brand’s team; the platform team can read and join.'
            }
          />
        )}
        aside={(entry, viewer) => (
          <Stack spacing={2}>
            <EntryApprovalsPanel entryId={entry.id} canDecide={canApprove} />
            {/* Judges, the brand and staff see the file's technical check beside the player. */}
            {!viewer.isEntrant && entry.video && <VideoQcReport videoId={entry.video.id} forReviewer />}
            {entry.place != null && !viewer.isEntrant && (
              <Paper sx={{ p: 2 }} component="section" aria-labelledby="delivery-link-title">
                <Typography id="delivery-link-title" variant="subtitle1" component="h2" gutterBottom>
                  Delivery
                </Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  Place {entry.place}: the master, its renditions, the approved releases and the licence
                  certificate.
                </Typography>
                <Button
                  component={RouterLink}
                  to={paths.entryDelivery(entry.id)}
                  variant="contained"
                  size="small"
                >
                  Open the delivery
                </Button>
              </Paper>
            )}
            {entry.place != null && (
              <LicencePanel
                entryId={entry.id}
                canPropose={canExtend || viewer.isStaff}
                canAnswer={viewer.isEntrant}
              />
            )}
            <ReleasesPanel
              entryId={entry.id}
              canFile={viewer.isEntrant}
              canDecide={viewer.isStaff}
              onChanged={refreshEntry}
            />
          </Stack>
        )}
      />
    </Container>
  );
}
