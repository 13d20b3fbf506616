import { Controller, useForm } from 'react-hook-form';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { MESSAGES, type BrandRole } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../components/notifications';
import { BrandRoleSelect } from '../../../components/brand-role-select';
import { InviteEmailField, inviteEmailRules } from '../../../components/invite-email-field';
import { useInviteMember } from '../api/invite-member';

interface InviteValues {
  email: string;
  role: BrandRole;
}

/** Invite someone to the brand's team by e-mail with a role (owners only). */
export function InviteMemberForm({ brandId }: { brandId: number }) {
  const invite = useInviteMember(brandId);
  const notify = useNotify();
  const form = useForm<InviteValues>({ defaultValues: { email: '', role: 'viewer' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const email = values.email.trim();
    invite.mutate(
      { email, role: values.role },
      {
        onSuccess: () => {
          notify(`Invitation sent to ${email}.`, { severity: 'success' });
          form.reset({ email: '', role: values.role });
        },
        onError: (error) => {
          if (!showServerFieldErrors(form.setError, error, ['email', 'role']))
            form.setError('root', {
              message: error instanceof ApiError ? error.userMessage() : MESSAGES.dashboard.unexpected,
            });
        },
      },
    );
  });

  return (
    <Box component="section" aria-labelledby="invite-member-heading">
      <Typography id="invite-member-heading" component="h2" variant="h4" sx={{ mb: 1 }}>
        Invite a teammate
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        They get an e-mail with a link to join. The link works once and expires in 7 days.
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Invite a teammate">
        {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
        <InviteEmailField
          registration={form.register('email', inviteEmailRules)}
          error={errors.email?.message}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field: { ref, ...field }, fieldState }) => (
            <BrandRoleSelect label="Role" inputRef={ref} errorText={fieldState.error?.message} {...field} />
          )}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
