import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** Optional plus sign followed by 10 to 15 digits (spec §5). */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** An address that looks like an e-mail: something@something.tld (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** Lower-cased, trimmed e-mail: e-mails are compared case-insensitively everywhere. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The password rules shared by sign-up and reset (Django's defaults, less the common-password
 * list, which lives on the server). Returns the messages of the rules that fail.
 */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < LIMITS.passwordMinLength) problems.push(MESSAGES.password.tooShort);
  if (/^\d+$/.test(password)) problems.push(MESSAGES.password.entirelyNumeric);
  if (email && isTooSimilarToEmail(password, email)) problems.push(MESSAGES.password.tooSimilar);
  return problems;
}

/** Like Django's UserAttributeSimilarityValidator: compares with the whole address and its local part. */
function isTooSimilarToEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.toLowerCase();
  const parts = [address, address.split('@')[0] ?? '', ...address.split(/\W+/)].filter(
    (part) => part.length >= 3,
  );
  return parts.some((part) => similarity(lower, part) >= 0.7);
}

/** Ratcliff/Obershelp similarity, the measure Python's SequenceMatcher (and so Django) uses. */
export function similarity(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  return (2 * matchingCharacters(a, b)) / (a.length + b.length);
}

function matchingCharacters(a: string, b: string): number {
  if (!a.length || !b.length) return 0;
  let bestLength = 0;
  let bestA = 0;
  let bestB = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k++;
      if (k > bestLength) {
        bestLength = k;
        bestA = i;
        bestB = j;
      }
    }
  }
  if (bestLength === 0) return 0;
  return (
    bestLength +
    matchingCharacters(a.slice(0, bestA), b.slice(0, bestB)) +
    matchingCharacters(a.slice(bestA + bestLength), b.slice(bestB + bestLength))
  );
}
