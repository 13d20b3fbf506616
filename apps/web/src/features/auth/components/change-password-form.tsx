import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { changePasswordFormSchema, LIMITS, MESSAGES, type ChangePasswordForm } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';

const FIELDS = ['current_password', 'new_password1', 'new_password2'] as const;

/**
 * Change password (signed in): the current password and the new one twice, checked by the same
 * rules as sign-up and reset. Every other session of the account is signed out.
 */
export function ChangePasswordFormPanel() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password1: '', new_password2: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onError: (error) => showServerFieldErrors(form.setError, error, FIELDS),
    }),
  );

  if (change.isSuccess) {
    return (
      <Stack spacing={3}>
        <Alert severity="success" role="status">
          {change.data.detail}
        </Alert>
        <Button component={RouterLink} to={paths.dashboard} variant="contained" size="large">
          Back to your dashboard
        </Button>
      </Stack>
    );
  }

  const fieldError = FIELDS.some((name) => errors[name]);
  const failure =
    change.isError && !fieldError
      ? change.error instanceof ApiError
        ? change.error.detail
        : MESSAGES.generic.serverError
      : null;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label="Change password">
      <Typography sx={{ color: 'text.secondary' }}>
        Enter your current password, then a new one of at least {LIMITS.passwordMinLength} characters. Your
        other sessions will be signed out.
      </Typography>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        autoFocus
        error={Boolean(errors.current_password)}
        helperText={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        error={Boolean(errors.new_password1)}
        helperText={errors.new_password1?.message}
        {...form.register('new_password1')}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        error={Boolean(errors.new_password2)}
        helperText={errors.new_password2?.message}
        {...form.register('new_password2')}
      />
      <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change Password'}
      </Button>
      <Button component={RouterLink} to={paths.forgotPassword} color="inherit">
        Forgot your current password?
      </Button>
    </Stack>
  );
}
