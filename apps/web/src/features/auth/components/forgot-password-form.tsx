import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { emailOnlySchema, MESSAGES } from '@app/domain';
import { paths } from '../../../config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { forgotErrorMessage } from '../error-messages';

/** Forgot Password (spec §2): e-mail, 'Send Reset Link' ('Sending...'), Back to Sign In. */
export function ForgotPasswordForm() {
  const reset = useRequestPasswordReset();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email }) => reset.mutate(email.trim()));

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2.5}
      aria-label="Request a password reset link"
    >
      {reset.isSuccess ? <Alert severity="success">{MESSAGES.forgot.success}</Alert> : null}
      {reset.isError ? <Alert severity="error">{forgotErrorMessage(reset.error)}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
        {reset.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button component={RouterLink} to={paths.login} variant="text">
        Back to Sign In
      </Button>
    </Stack>
  );
}
