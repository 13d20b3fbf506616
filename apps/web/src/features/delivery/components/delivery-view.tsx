import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { RELEASE_KIND_LABELS, type Delivery } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { useDelivery } from '../api/get-delivery';
import { VerifyFile } from './verify-file';

const hashSx = { fontFamily: 'monospace', wordBreak: 'break-all', fontSize: '0.85rem' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A row of label and value that wraps under the label on a phone. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '9rem minmax(0, 1fr)' },
        columnGap: 2,
        py: 0.5,
      }}
    >
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A winning entry's delivery (`/entries/:entryId/delivery`, issue 31), for staff and the contest's
 * brand once results are published: the master with its SHA-256, the renditions and captions, the
 * approved releases, the licence certificate, and a check of a local file against the master.
 */
export function DeliveryView({ entryId }: { entryId: string }) {
  const delivery = useDelivery(entryId);
  if (delivery.isPending) return <Typography role="status">Loading the delivery…</Typography>;
  if (delivery.isError) {
    const error = delivery.error;
    return (
      <Alert severity="error">
        {error instanceof ApiError && (error.status === 404 || error.status === 403)
          ? error.userMessage()
          : 'The delivery could not be loaded. Reload the page to try again.'}
      </Alert>
    );
  }
  return <DeliveryDetail delivery={delivery.data} />;
}

function DeliveryDetail({ delivery }: { delivery: Delivery }) {
  const { master } = delivery;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="p">
          {delivery.contest.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <Chip color="primary" label={`Place ${delivery.place}`} />
          <Typography color="text.secondary">
            “{delivery.title}” by {delivery.creator.name} · for {delivery.brand.name}
          </Typography>
        </Stack>
        <Link
          component={RouterLink}
          to={paths.entry(delivery.entry_id)}
          variant="body2"
          sx={{ mt: 1, display: 'inline-block' }}
        >
          Back to the entry
        </Link>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section id="master-title" title="Master">
            <Typography variant="body2" color="text.secondary" gutterBottom>
              The original file of the judged version {delivery.version}, exactly as the creator uploaded it.
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              <Fact label="File">{master.file_name}</Fact>
              <Fact label="Type">{master.content_type}</Fact>
              <Fact label="Size">
                {formatBytes(master.size_bytes)} ({master.size_bytes.toLocaleString()} bytes)
              </Fact>
              <Fact label="SHA-256">
                <Box component="span" sx={hashSx} data-testid="master-sha256">
                  {master.sha256}
                </Box>
              </Fact>
            </Box>
            <Button href={master.url} variant="contained" sx={{ mt: 1 }} download={master.file_name}>
              Download the master
            </Button>
          </Section>

          <Section id="renditions-title" title="Renditions and captions">
            {delivery.renditions.length === 0 ? (
              <Typography variant="body2">No rendition is ready yet.</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {delivery.renditions.map((rendition) => (
                  <Box component="li" key={rendition.format}>
                    <Link href={rendition.url} variant="body2">
                      {rendition.name}
                    </Link>
                    {rendition.width && rendition.height ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        · up to {rendition.width}×{rendition.height}
                      </Typography>
                    ) : null}
                  </Box>
                ))}
              </Stack>
            )}
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Captions
            </Typography>
            {delivery.captions.length === 0 ? (
              <Typography variant="body2">No caption track.</Typography>
            ) : (
              <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {delivery.captions.map((caption) => (
                  <Box component="li" key={caption.language}>
                    <Link href={caption.url} variant="body2">
                      WebVTT ({caption.language})
                    </Link>
                  </Box>
                ))}
              </Stack>
            )}
          </Section>

          <Section id="delivery-releases-title" title="Approved releases">
            {delivery.releases.length === 0 ? (
              <Typography variant="body2">No approved release.</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {delivery.releases.map((release) => (
                  <Box component="li" key={release.id}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {RELEASE_KIND_LABELS[release.kind]}
                    </Typography>
                    <Link href={release.file_url} variant="body2" sx={{ wordBreak: 'break-all' }}>
                      {release.file_name}
                    </Link>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      · {formatBytes(release.size_bytes)}
                      {release.decided_at ? ` · approved ${formatDateTime(release.decided_at)}` : ''}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
          </Section>
        </Stack>

        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section id="certificate-title" title="Licence certificate">
            <Typography variant="body2" gutterBottom>
              {delivery.licence.terms}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              <Fact label="Licence">
                {delivery.licence.starts_on} to {delivery.licence.ends_on}
              </Fact>
              <Fact label="Agreement">
                {delivery.agreement ? (
                  <>
                    Version {delivery.agreement.version}
                    <Box component="span" sx={{ ...hashSx, display: 'block' }}>
                      {delivery.agreement.sha256}
                    </Box>
                  </>
                ) : (
                  'Version not recorded'
                )}
              </Fact>
            </Box>
            <Button href={delivery.certificate_url} variant="contained" sx={{ mt: 1 }}>
              Download the certificate (PDF)
            </Button>
          </Section>
          <VerifyFile expectedSha256={master.sha256} expectedSize={master.size_bytes} />
        </Stack>
      </Box>
    </Stack>
  );
}
