import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@mui/material';
import { ACCOUNT_INPUT_LIMITS, MESSAGES, isValidEmail } from '@app/domain';

/** The rule of an invitation's address: required, a valid e-mail (the registration's words). */
export const inviteEmailRules = {
  validate: (value: string) =>
    !value.trim()
      ? MESSAGES.registration.required
      : isValidEmail(value.trim()) || MESSAGES.registration.invalidEmail,
};

/**
 * The e-mail field of an invitation form (the staff console's and a brand's Team page):
 * `registration` is `form.register('email', inviteEmailRules)`.
 */
export function InviteEmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <TextField
      label="E-mail"
      type="email"
      autoComplete="off"
      required
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { maxLength: ACCOUNT_INPUT_LIMITS.email } }}
      {...registration}
    />
  );
}
