import { Box, Button, Link, Stack, Typography } from '@mui/material';
import type { ManagedApplication } from '@app/domain';
import { useBrandRole } from '../../../lib/my-brand';
import { useApplicationAction } from '../api/applications';
import type { PendingDecision } from './application-decision-dialog';

/**
 * What can be done with an application next, as buttons labelled with the applicant's name: for
 * staff and the brand members whose role selects and ships (issue 49); nothing for the others.
 */
export function ApplicationActions({
  application,
  isStaff,
  onAct,
}: {
  application: ManagedApplication;
  isStaff: boolean;
  onAct: (pending: PendingDecision) => void;
}) {
  const deliver = useApplicationAction();
  const mayChange = useBrandRole().may('manage');
  const label = (verb: string) => `${verb} ${application.full_name}`;
  if (!mayChange) return null;
  if (application.status === 'pending') {
    return (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          aria-label={label('Select')}
          onClick={() => onAct({ kind: 'select', application })}
        >
          Select
        </Button>
        <Button
          size="small"
          color="inherit"
          aria-label={label('Decline')}
          onClick={() => onAct({ kind: 'decline', application })}
        >
          Decline
        </Button>
      </Stack>
    );
  }
  if (application.status !== 'selected') return null;
  if (!application.shipment) {
    return (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          aria-label={label('Mark shipped for')}
          onClick={() => onAct({ kind: 'shipment', application })}
        >
          Mark shipped
        </Button>
        {isStaff ? (
          <Button
            size="small"
            color="inherit"
            aria-label={label('Withdraw')}
            onClick={() => onAct({ kind: 'withdraw', application })}
          >
            Withdraw
          </Button>
        ) : null}
      </Stack>
    );
  }
  if (!application.shipment.delivered_at) {
    return (
      <Button
        size="small"
        color="inherit"
        aria-label={label('Mark delivered for')}
        disabled={deliver.isPending}
        onClick={() => deliver.mutate({ kind: 'delivered', id: application.id })}
      >
        Mark delivered
      </Button>
    );
  }
  return null;
}

/** The carrier and tracking number of the application's unit, and whether it arrived. */
export function Shipment({ application }: { application: ManagedApplication }) {
  const s = application.shipment;
  if (!s) return <>—</>;
  return (
    <>
      {s.carrier} ·{' '}
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {s.tracking_number}
      </Box>
      {s.delivered_at ? ' · delivered' : ''}
    </>
  );
}

const LINK_LABEL = { youtube: 'YouTube', instagram: 'Instagram', portfolio: 'Portfolio' } as const;

/** The applicant: name, contact, bio and links. */
export function Applicant({ application }: { application: ManagedApplication }) {
  const links = (Object.keys(LINK_LABEL) as Array<keyof typeof LINK_LABEL>)
    .map((name) => [name, application.links[name]] as const)
    .filter(([, url]) => url);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600 }}>{application.full_name}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
        {application.creator_email}
        {application.phone_number ? ` · ${application.phone_number}` : ''}
      </Typography>
      {application.bio ? (
        <Typography variant="body2" sx={{ mt: 0.5, maxWidth: 360 }}>
          {application.bio}
        </Typography>
      ) : null}
      {links.length ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {/* The name of each link, not its address: addresses are long and break the layout. */}
          {links.map(([name, url]) => (
            <Link
              key={name}
              href={/^https?:\/\//i.test(url) ? url : undefined}
              title={url}
              aria-label={`${LINK_LABEL[name]} of ${application.full_name}: ${url}`}
              sx={{ mr: 2 }}
              rel="noopener noreferrer"
              target="_blank"
            >
              {LINK_LABEL[name]}
            </Link>
          ))}
        </Typography>
      ) : null}
    </Box>
  );
}
