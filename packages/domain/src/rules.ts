import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** Optional plus sign followed by 10 to 15 digits (spec §5). */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;

/**
 * One plain e-mail address (spec §5 "must look like an address"): a local part of RFC 5322 atom
 * characters and dots, '@', then dot-separated host labels and a top-level domain of letters. No
 * display names, angle brackets, quotes, commas or spaces, so 'x<attacker@evil.com>' or a list of
 * addresses is refused (issue 18 L6, M1).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export function isValidEmail(value: string): boolean {
  const address = value.trim();
  return address.length <= LIMITS.emailMaxLength && address.indexOf('@') <= 64 && EMAIL_PATTERN.test(address);
}

/**
 * A person's name as people type it (issue 18 M1): at most `LIMITS.nameMaxLength` characters, no
 * control characters or new lines, no angle brackets, and nothing that reads as a link or an
 * address ('://', 'www.', '@', 'evil.com'), so a name cannot carry a phishing line into an e-mail
 * greeting. Initials and hyphens are fine ('J.R.R. Tolkien', "Jean-Luc O'Neil Jr.").
 */
export function isValidPersonName(value: string): boolean {
  const name = value.trim();
  if (!name || name.length > LIMITS.nameMaxLength) return false;
  // eslint-disable-next-line no-control-regex
  if (/[<>\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) return false;
  return !/:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu.test(name);
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
 * list, which lives on the server). Returns the messages of the rules that fail. Inputs are
 * bounded first: a password over LIMITS.passwordMaxLength is refused without running the other
 * rules, and the e-mail is compared only when it is a valid address within LIMITS.emailMaxLength.
 */
export function passwordProblems(password: string, email?: string): string[] {
  if (password.length > LIMITS.passwordMaxLength) return [MESSAGES.password.tooLong];
  const problems: string[] = [];
  if (password.length < LIMITS.passwordMinLength) problems.push(MESSAGES.password.tooShort);
  if (/^\d+$/.test(password)) problems.push(MESSAGES.password.entirelyNumeric);
  const comparable = email !== undefined && email.length <= LIMITS.emailMaxLength && isValidEmail(email);
  if (comparable && isTooSimilarToEmail(password, email)) problems.push(MESSAGES.password.tooSimilar);
  return problems;
}

/** Django's UserAttributeSimilarityValidator threshold. */
const MAX_SIMILARITY = 0.7;

/** Like Django's UserAttributeSimilarityValidator: compares with the whole address and its local part. */
function isTooSimilarToEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.toLowerCase();
  const parts = [address, address.split('@')[0] ?? '', ...address.split(/\W+/)].filter(
    (part) => part.length >= 3,
  );
  return parts.some(
    // similarity ≤ 2·min/(sum): when even a full match of the shorter string stays under the
    // threshold, the comparison cannot reach it and is skipped.
    (part) =>
      (2 * Math.min(lower.length, part.length)) / (lower.length + part.length) >= MAX_SIMILARITY &&
      similarity(lower, part) >= MAX_SIMILARITY,
  );
}

/**
 * How alike two strings are, as Django's UserAttributeSimilarityValidator measures it: Python's
 * `SequenceMatcher(a, b).quick_ratio()`, 2·M/(|a|+|b|) where M counts the characters the two have in
 * common (as multisets). Linear in the lengths, so the rule costs microseconds on any input.
 */
export function similarity(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  const available = new Map<string, number>();
  for (const char of b) available.set(char, (available.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of a) {
    const left = available.get(char) ?? 0;
    if (left > 0) {
      available.set(char, left - 1);
      matches++;
    }
  }
  return (2 * matches) / (a.length + b.length);
}
