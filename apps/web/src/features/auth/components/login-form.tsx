import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { loginFormSchema, type LoginForm } from '@app/domain';
import { paths } from '../../../config/paths';
import { useLogin } from '../api/login';
import { loginErrorMessage, needsVerification } from '../error-messages';
import { afterLoginPath, completeSignIn } from '../redirect';
import { GoogleSignInButton } from './google-sign-in-button';
import { PasswordField } from './password-field';
import { useGoogleSignIn } from './use-google-sign-in';

/** Sign In (spec §2): e-mail and password, an error alert, a link to sign up. */
export function LoginFormPanel({ from }: { from?: unknown }) {
  const login = useLogin();
  const google = useGoogleSignIn('login', from);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setUnverifiedEmail(null);
    login.mutate(values, {
      onSuccess: (session) => completeSignIn(session, afterLoginPath(from, session.user.role)),
      onError: (error) => {
        if (needsVerification(error)) setUnverifiedEmail(values.email.trim());
      },
    });
  });

  const busy = login.isPending || login.isSuccess;
  const error = login.error && !unverifiedEmail ? loginErrorMessage(login.error) : (google.error ?? null);

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label="Sign in">
      {error ? <Alert severity="error">{error}</Alert> : null}
      {unverifiedEmail ? (
        <Alert severity="warning">
          {(login.error as { detail?: string } | null)?.detail}{' '}
          <Link component={RouterLink} to={paths.resendVerification} state={{ email: unverifiedEmail }}>
            Resend the verification e-mail
          </Link>
        </Alert>
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...form.register('password')}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', my: -1 }}>
        <Link
          component={RouterLink}
          to={paths.forgotPassword}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
        >
          Forgot password?
        </Link>
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>or</Divider>
      <GoogleSignInButton
        label="Sign in with Google"
        onCredential={google.onCredential}
        onError={google.onError}
        disabled={google.pending}
      />
      <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to={paths.signup}>
          Sign up
        </Link>
      </Typography>
    </Stack>
  );
}
