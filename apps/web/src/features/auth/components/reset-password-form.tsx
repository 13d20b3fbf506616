import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { LIMITS, MESSAGES, resetPasswordFormSchema, type ResetPasswordForm } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useResetLinkCheck } from '../api/check-password-reset-link';
import { PasswordField } from './password-field';

const TOKEN_PATTERN = /^[0-9a-z]{1,10}-[A-Za-z0-9_-]{32}$/;

/**
 * Reset password (spec §2, §4): new password and confirmation, 'Reset Password' ('Resetting...');
 * an invalid link offers a new one; success redirects to /login after 3 seconds.
 */
export function ResetPasswordFormPanel({ uidb64, token }: { uidb64?: string; token?: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const wellFormed = Boolean(uidb64 && token && TOKEN_PATTERN.test(token));
  const linkCheck = useResetLinkCheck(uidb64 ?? '', token ?? '', wellFormed);
  const [rejectedOnSubmit, setLinkInvalid] = useState(false);
  const linkRejected = linkCheck.error instanceof ApiError && linkCheck.error.status === 400;
  const linkInvalid = !wellFormed || linkRejected || rejectedOnSubmit;
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { new_password1: '', new_password2: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), LIMITS.redirectAfterResetMs);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(
      { uidb64: uidb64!, token: token!, ...values },
      {
        onError: (error) => {
          const fieldErrorShown = showServerFieldErrors(form.setError, error, [
            'new_password1',
            'new_password2',
          ]);
          if (!fieldErrorShown && error instanceof ApiError && error.status === 400) setLinkInvalid(true);
        },
      },
    ),
  );

  if (linkInvalid) {
    return (
      <Stack spacing={3}>
        <Typography component="h2" variant="h4">
          {MESSAGES.reset.invalidLink}
        </Typography>
        <Alert severity="error">{MESSAGES.reset.failure}</Alert>
        <Button component={RouterLink} to={paths.forgotPassword} variant="contained" size="large">
          Request a New Link
        </Button>
      </Stack>
    );
  }

  if (linkCheck.isPending && !confirm.isSuccess) {
    return (
      <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={32} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>Checking your link...</Typography>
      </Stack>
    );
  }

  if (confirm.isSuccess) {
    return (
      <Stack spacing={3}>
        <Typography component="h2" variant="h4" role="status">
          {MESSAGES.reset.success}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>Redirecting you to the sign-in page...</Typography>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large">
          Go to Sign In
        </Button>
      </Stack>
    );
  }

  const failure =
    confirm.isError && !errors.new_password1 && !errors.new_password2 ? MESSAGES.reset.failure : null;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label="Reset password">
      <Typography sx={{ color: 'text.secondary' }}>Choose a new password for your account.</Typography>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        autoFocus
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
      <Button type="submit" variant="contained" size="large" disabled={confirm.isPending}>
        {confirm.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </Stack>
  );
}
