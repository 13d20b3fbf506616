import { z } from 'zod';
import { MESSAGES } from './messages';
import { LIMITS } from './limits';

/** Sign up form (spec §5): all three required, passwords must match. */
export const signupFormSchema = z
  .object({
    email: z.string().trim().min(1, MESSAGES.registration.required).email(MESSAGES.registration.invalidEmail),
    password: z.string().min(1, MESSAGES.registration.required),
    confirm_password: z.string().min(1, MESSAGES.registration.required),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: MESSAGES.registration.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type SignupForm = z.infer<typeof signupFormSchema>;

export const loginFormSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.registration.required),
  password: z.string().min(1, MESSAGES.registration.required),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Reset password form (spec §5): match, and at least 8 characters. */
export const resetPasswordFormSchema = z
  .object({
    new_password1: z.string().min(LIMITS.passwordMinLength, MESSAGES.password.tooShort),
    new_password2: z.string(),
  })
  .refine((v) => v.new_password1 === v.new_password2, {
    message: MESSAGES.registration.passwordsDoNotMatch,
    path: ['new_password2'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const emailOnlySchema = z.object({
  email: z.string().trim().min(1, MESSAGES.registration.required).email(MESSAGES.registration.invalidEmail),
});
