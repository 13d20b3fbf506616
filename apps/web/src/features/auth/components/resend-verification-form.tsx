import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { emailOnlySchema } from '@app/domain';
import { paths } from '../../../config/paths';
import { useResendVerification } from '../api/resend-verification';
import { resendErrorMessage } from '../error-messages';

/** Resend verification (spec §2): e-mail (prefilled from navigation state), success or error, Back to Login. */
export function ResendVerificationForm({ initialEmail }: { initialEmail?: string }) {
  const resend = useResendVerification();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: initialEmail ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email }) => resend.mutate(email.trim()));

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2.5}
      aria-label="Resend verification email"
    >
      {resend.isSuccess ? <Alert severity="success">{resend.data.message}</Alert> : null}
      {resend.isError ? <Alert severity="error">{resendErrorMessage(resend.error)}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" variant="contained" size="large" disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
      </Button>
      <Button component={RouterLink} to={paths.login} variant="text">
        Back to Login
      </Button>
    </Stack>
  );
}
