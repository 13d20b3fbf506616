import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import {
  INVITATION_MESSAGES,
  INVITATION_PAGE_TEXTS,
  MESSAGES,
  passwordProblems,
  type InvitationPreview,
} from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { dashboardPathFor } from '../../../lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { completeSignIn } from '../redirect';
import { PasswordField } from './password-field';

/** What a refused link says: used, expired, withdrawn or never valid (the API tells them apart by code). */
export function unusableMessage(error: ApiError): string {
  if (error.code === 'invitation_used') return INVITATION_MESSAGES.used;
  if (error.code === 'invitation_expired') return INVITATION_MESSAGES.expired;
  if (error.code === 'invitation_revoked') return INVITATION_MESSAGES.revoked;
  return INVITATION_MESSAGES.notFound;
}

interface PasswordForm {
  password: string;
  confirm_password: string;
}

function Unusable({ error }: { error: ApiError }) {
  return (
    <Stack spacing={3}>
      <Alert severity="error">{unusableMessage(error)}</Alert>
      <Button component={RouterLink} to={paths.login} variant="contained" size="large">
        Go to Sign In
      </Button>
    </Stack>
  );
}

/**
 * /invitations/:token: says who is invited and as what; a new account sets a password (the
 * sign-up rules), an existing brand account of no brand gives its current password (issue 49);
 * then the account is signed in and its home opens.
 */
export function AcceptInvitationForm({ token }: { token: string }) {
  const invitation = useInvitation(token);

  if (invitation.isPending) {
    return (
      <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={32} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>{INVITATION_PAGE_TEXTS.checking}</Typography>
      </Stack>
    );
  }
  if (invitation.isError) {
    const { error } = invitation;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return <Unusable error={error} />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void invitation.refetch()}>
            Try again
          </Button>
        }
      >
        {invitation.error instanceof ApiError
          ? invitation.error.userMessage()
          : MESSAGES.dashboard.unexpected}
      </Alert>
    );
  }
  return invitation.data.account === 'existing' ? (
    <JoinWithAccountForm token={token} invitation={invitation.data} />
  ) : (
    <NewAccountForm token={token} invitation={invitation.data} />
  );
}

interface FormProps {
  token: string;
  invitation: InvitationPreview;
}

/** The accept call's error, shown above the fields when no field claims it. */
function FormError({ error, fieldsClaimed }: { error: Error | null; fieldsClaimed: boolean }) {
  if (!error || fieldsClaimed) return null;
  return (
    <Alert severity="error">
      {error instanceof ApiError ? error.userMessage() : MESSAGES.dashboard.unexpected}
    </Alert>
  );
}

/** The link was used (or expired) between opening the page and sending the password. */
const linkGone = (error: Error | null): error is ApiError =>
  error instanceof ApiError && [404, 410].includes(error.status);

/** A new account: choose a password (the sign-up rules) and repeat it. */
function NewAccountForm({ token, invitation }: FormProps) {
  const accept = useAcceptInvitation();
  const form = useForm<PasswordForm>({ defaultValues: { password: '', confirm_password: '' } });
  const { errors } = form.formState;
  const { email } = invitation;
  const texts = INVITATION_PAGE_TEXTS.newAccount;

  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(
      { token, ...values },
      {
        onSuccess: (session) => completeSignIn(session, dashboardPathFor(session.user.role)),
        onError: (error) => showServerFieldErrors(form.setError, error, ['password', 'confirm_password']),
      },
    ),
  );
  if (linkGone(accept.error)) return <Unusable error={accept.error} />;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={texts.formLabel}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        <strong>{email}</strong> {texts.intro(invitation)}
      </Typography>
      <FormError error={accept.error} fieldsClaimed={Boolean(errors.password || errors.confirm_password)} />
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        autoFocus
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...form.register('password', {
          validate: (value) =>
            !value ? MESSAGES.registration.required : (passwordProblems(value, email)[0] ?? true),
        })}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={Boolean(errors.confirm_password)}
        helperText={errors.confirm_password?.message}
        {...form.register('confirm_password', {
          validate: (value, values) =>
            !value
              ? MESSAGES.registration.required
              : value === values.password || MESSAGES.registration.passwordsDoNotMatch,
        })}
      />
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending || accept.isSuccess ? INVITATION_PAGE_TEXTS.pending : texts.submit}
      </Button>
    </Stack>
  );
}

/** An existing brand account of no brand: its current password proves it, and it joins the brand. */
function JoinWithAccountForm({ token, invitation }: FormProps) {
  const accept = useAcceptInvitation();
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { errors } = form.formState;
  const { email } = invitation;
  const texts = INVITATION_PAGE_TEXTS.existingAccount;

  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(
      { token, password: values.password },
      {
        onSuccess: (session) => completeSignIn(session, dashboardPathFor(session.user.role)),
        onError: (error) => showServerFieldErrors(form.setError, error, ['password']),
      },
    ),
  );
  if (linkGone(accept.error)) return <Unusable error={accept.error} />;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={texts.formLabel}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        <strong>{email}</strong> {texts.intro(invitation)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.hint}
      </Typography>
      <FormError error={accept.error} fieldsClaimed={Boolean(errors.password)} />
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <PasswordField
        label={texts.passwordLabel}
        autoComplete="current-password"
        autoFocus
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...form.register('password', {
          validate: (value) => Boolean(value) || MESSAGES.registration.required,
        })}
      />
      <Link component={RouterLink} to={paths.forgotPassword} variant="body2" sx={{ alignSelf: 'flex-start' }}>
        {texts.forgot}
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending || accept.isSuccess ? INVITATION_PAGE_TEXTS.pending : texts.submit}
      </Button>
    </Stack>
  );
}
