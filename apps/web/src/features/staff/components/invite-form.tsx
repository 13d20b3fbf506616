import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { MESSAGES, STAFF_MESSAGES, type BrandRole, type InvitableRole } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../components/notifications';
import { BrandRoleSelect } from '../../../components/brand-role-select';
import { InviteEmailField, inviteEmailRules } from '../../../components/invite-email-field';
import { useCreateInvitation } from '../api/create-invitation';

interface InviteForm {
  email: string;
  role: InvitableRole;
  brand_id: string;
  /** The role in the brand's team (brand users only): owner unless chosen (issue 49). */
  brand_role: BrandRole;
}

/**
 * Invite a staff member, or a brand user with a role in its brand's team, by e-mail: the link sets
 * a password, once, within 7 days.
 */
export function InviteForm() {
  const invite = useCreateInvitation();
  const notify = useNotify();
  const form = useForm<InviteForm>({
    defaultValues: { email: '', role: 'staff', brand_id: '', brand_role: 'owner' },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  const submit = form.handleSubmit((values) => {
    const email = values.email.trim();
    invite.mutate(
      values.role === 'brand'
        ? { email, role: 'brand', brand_id: Number(values.brand_id), brand_role: values.brand_role }
        : { email, role: 'staff' },
      {
        onSuccess: () => {
          notify(`Invitation sent to ${email}.`, { severity: 'success' });
          form.reset({ ...values, email: '' });
        },
        onError: (error) => {
          if (!showServerFieldErrors(form.setError, error, ['email', 'role', 'brand_id', 'brand_role']))
            form.setError('root', {
              message: error instanceof ApiError ? error.userMessage() : MESSAGES.dashboard.unexpected,
            });
        },
      },
    );
  });

  return (
    <Box component="section" aria-labelledby="invite-heading">
      <Typography id="invite-heading" component="h2" variant="h4" sx={{ mb: 1 }}>
        Invite someone
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        They get an e-mail with a link to set a password. The link works once and expires in 7 days.
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Invite someone">
        {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
        <InviteEmailField
          registration={form.register('email', inviteEmailRules)}
          error={errors.email?.message}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <TextField select label="Role" {...field}>
              <MenuItem value="staff">Staff (platform team)</MenuItem>
              <MenuItem value="brand">Brand user</MenuItem>
            </TextField>
          )}
        />
        {role === 'brand' && (
          <TextField
            label="Brand ID"
            inputMode="numeric"
            required
            error={Boolean(errors.brand_id)}
            helperText={errors.brand_id?.message ?? 'The number of the brand this user works for.'}
            {...form.register('brand_id', {
              validate: (value) => /^\d+$/.test(value.trim()) || STAFF_MESSAGES.brandRequired,
            })}
          />
        )}
        {role === 'brand' && (
          <Controller
            control={form.control}
            name="brand_role"
            render={({ field: { ref, ...field }, fieldState }) => (
              <BrandRoleSelect
                label="Role in the brand’s team"
                inputRef={ref}
                errorText={fieldState.error?.message}
                {...field}
              />
            )}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
