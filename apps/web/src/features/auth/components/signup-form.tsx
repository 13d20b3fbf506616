import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { LIMITS, MESSAGES, signupFormSchema, type SignupForm } from '@app/domain';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../components/notifications';
import { useRegister } from '../api/register';
import { registrationErrorMessage } from '../error-messages';
import { GoogleSignInButton } from './google-sign-in-button';
import { PasswordField } from './password-field';
import { useGoogleSignIn } from './use-google-sign-in';

/** The form holds a phone number that no field shows (spec §2); role is always creator. */
type SignupValues = SignupForm & { phone_number: string };

/**
 * Sign Up (spec §2): e-mail, password, confirmation, Sign Up, a sign-in link and Google. `voter`
 * (issue 50, from an audience gallery): a voter account, e-mail and password only, whose
 * verification link returns to `next`.
 */
export function SignupFormPanel({ voter }: { voter?: { next?: string } }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const registration = useRegister();
  const google = useGoogleSignIn('signup');
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupFormSchema) as never,
    defaultValues: { email: '', password: '', confirm_password: '', phone_number: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    registration.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
        role: 'creator',
        phone_number: values.phone_number ?? '',
        ...(voter ? { account_type: 'voter' as const, ...(voter.next ? { next: voter.next } : {}) } : {}),
      },
      {
        onSuccess: () => {
          notify(MESSAGES.registration.success, { severity: 'success' });
          navigate(paths.checkEmail, { state: { email: values.email.trim() } });
        },
      },
    );
  });

  const error = registration.error ? registrationErrorMessage(registration.error) : google.error;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label="Create account">
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        error={Boolean(errors.password)}
        helperText={
          errors.password?.message ??
          `At least ${LIMITS.passwordMinLength} characters, not only numbers, not a common password.`
        }
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        required
        error={Boolean(errors.confirm_password)}
        helperText={errors.confirm_password?.message}
        {...form.register('confirm_password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={registration.isPending}>
        {registration.isPending ? 'Signing Up...' : 'Sign Up'}
      </Button>
      {voter ? null : (
        <>
          <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>or</Divider>
          <GoogleSignInButton
            label="Sign up with Google"
            onCredential={google.onCredential}
            onError={google.onError}
            disabled={google.pending}
          />
        </>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.login} state={voter?.next ? { from: voter.next } : undefined}>
          Sign in
        </Link>
      </Typography>
    </Stack>
  );
}
