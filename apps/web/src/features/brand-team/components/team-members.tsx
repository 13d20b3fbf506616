import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { BRAND_ROLE_LABELS, type BrandMember, type BrandRole } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/notifications';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { BrandRoleSelect } from '../../../components/brand-role-select';
import { formatDateTime } from '../../../lib/format';
import { useBrandMembers } from '../api/get-brand-members';
import { useChangeMemberRole } from '../api/change-member-role';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvitation } from '../api/resend-invitation';
import { useWithdrawInvitation } from '../api/withdraw-invitation';

type Confirming = { kind: 'remove' | 'withdraw'; member: BrandMember };

/**
 * The brand's members with their roles, then its pending invitations. An owner (`canManage`)
 * changes roles, removes members (their sessions end at once) and resends or withdraws
 * invitations; everyone else of the team reads.
 */
export function TeamMembers({ brandId, canManage }: { brandId: number; canManage: boolean }) {
  const members = useBrandMembers(brandId);
  const changeRole = useChangeMemberRole(brandId);
  const remove = useRemoveMember(brandId);
  const resend = useResendInvitation(brandId);
  const withdraw = useWithdrawInvitation(brandId);
  const notify = useNotify();
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const failed = (fallback: string) => (error: Error) =>
    notify(error instanceof ApiError ? error.userMessage() : fallback, { severity: 'error' });

  const setRole = (member: BrandMember, role: BrandRole) =>
    changeRole.mutate(
      { userId: member.user_id!, role },
      {
        onSuccess: () =>
          notify(`${member.name} is now ${BRAND_ROLE_LABELS[role].label.toLowerCase()}.`, {
            severity: 'success',
          }),
        onError: failed('The role was not changed.'),
      },
    );

  const confirm = () => {
    if (!confirming) return;
    const { kind, member } = confirming;
    const done = { onSettled: () => setConfirming(null) };
    if (kind === 'remove')
      remove.mutate(member.user_id!, {
        ...done,
        onSuccess: () => notify(`${member.name} was removed from the team.`, { severity: 'success' }),
        onError: failed('The member was not removed.'),
      });
    else
      withdraw.mutate(member.invitation_id!, {
        ...done,
        onSuccess: () => notify(`The invitation to ${member.email} is withdrawn.`, { severity: 'success' }),
        onError: failed('The invitation was not withdrawn.'),
      });
  };

  if (members.isPending)
    return (
      <Stack spacing={1} aria-busy="true" aria-label="Loading the team">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  if (members.isError)
    return (
      <Alert severity="error">
        {members.error instanceof ApiError ? members.error.userMessage() : 'Failed to load the team.'}
      </Alert>
    );

  const active = members.data.filter((m) => m.status === 'active');
  const invited = members.data.filter((m) => m.status === 'invited');
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Box component="section" aria-labelledby="members-heading">
        <Typography id="members-heading" component="h2" variant="h4" sx={{ mb: 2 }}>
          Members
        </Typography>
        <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {active.map((member, index) => (
            <ListItem
              key={member.user_id}
              divider={index < active.length - 1}
              sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
            >
              <MemberText member={member} />
              <MemberControls
                member={member}
                canManage={canManage}
                changing={changeRole.isPending}
                onRole={(role) => setRole(member, role)}
                onRemove={() => setConfirming({ kind: 'remove', member })}
              />
            </ListItem>
          ))}
        </List>
      </Box>

      <Box component="section" aria-labelledby="pending-heading">
        <Typography id="pending-heading" component="h2" variant="h4" sx={{ mb: 2 }}>
          Pending invitations
        </Typography>
        {invited.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No pending invitations.</Typography>
        ) : (
          <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {invited.map((member, index) => (
              <ListItem
                key={member.invitation_id}
                divider={index < invited.length - 1}
                sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
              >
                <ListItemText
                  primary={member.email}
                  secondary={`${BRAND_ROLE_LABELS[member.role].label} · link valid until ${formatDateTime(member.expires_at!)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  sx={{ flex: '1 1 14rem', minWidth: 0, my: 0 }}
                />
                {canManage && (
                  <InvitationControls
                    member={member}
                    resending={resend.isPending}
                    onResend={() =>
                      resend.mutate(member.invitation_id!, {
                        onSuccess: () =>
                          notify(`A new link was sent to ${member.email}.`, { severity: 'success' }),
                        onError: failed('The invitation was not sent again.'),
                      })
                    }
                    onWithdraw={() => setConfirming({ kind: 'withdraw', member })}
                  />
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Box>

      <ConfirmDialog
        open={confirming !== null}
        id="team-confirm-title"
        title={confirming?.kind === 'remove' ? 'Remove this member?' : 'Withdraw this invitation?'}
        action={confirming?.kind === 'remove' ? 'Remove' : 'Withdraw'}
        pendingAction={confirming?.kind === 'remove' ? 'Removing...' : 'Withdrawing...'}
        pending={remove.isPending || withdraw.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        {confirming?.kind === 'remove'
          ? `${confirming.member.name} loses access to the brand at once and is signed out.`
          : `The link sent to ${confirming?.member.email ?? ''} will stop working at once.`}
      </ConfirmDialog>
    </Box>
  );
}

/** A member's name and address (a member who gave no name is shown by the address, once). */
function MemberText({ member }: { member: BrandMember }) {
  return (
    <ListItemText
      primary={member.name}
      secondary={member.name === member.email ? null : member.email}
      slotProps={{
        primary: { sx: { overflowWrap: 'anywhere' } },
        secondary: { sx: { overflowWrap: 'anywhere' } },
      }}
      sx={{ flex: '1 1 14rem', minWidth: 0, my: 0 }}
    />
  );
}

/** A member's role (a menu for an owner, a chip for the rest) and, for an owner, Remove. */
function MemberControls({
  member,
  canManage,
  changing,
  onRole,
  onRemove,
}: {
  member: BrandMember;
  canManage: boolean;
  changing: boolean;
  onRole: (role: BrandRole) => void;
  onRemove: () => void;
}) {
  if (!canManage)
    return <Chip size="small" label={BRAND_ROLE_LABELS[member.role].label} variant="outlined" />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      <BrandRoleSelect
        describe={false}
        size="small"
        label="Role"
        value={member.role}
        disabled={changing}
        // The menu shows the current role; choosing it again is no change, so nothing is sent.
        onChange={(event) => {
          const role = event.target.value as BrandRole;
          if (role !== member.role) onRole(role);
        }}
        // Every row's menu is labelled "Role" on screen; its accessible name says whose role it is.
        slotProps={{
          select: {
            SelectDisplayProps: { 'aria-label': `Role of ${member.name}`, 'aria-labelledby': undefined },
          },
        }}
        sx={{ minWidth: 140 }}
      />
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={onRemove}
        aria-label={`Remove ${member.name} from the team`}
      >
        Remove
      </Button>
    </Stack>
  );
}

/** A pending invitation's Resend and Withdraw (owners). */
function InvitationControls({
  member,
  resending,
  onResend,
  onWithdraw,
}: {
  member: BrandMember;
  resending: boolean;
  onResend: () => void;
  onWithdraw: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={resending}
        onClick={onResend}
        aria-label={`Resend the invitation to ${member.email}`}
      >
        Resend
      </Button>
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={onWithdraw}
        aria-label={`Withdraw the invitation to ${member.email}`}
      >
        Withdraw
      </Button>
    </Stack>
  );
}
