import { readFileSync } from 'node:fs';
import { MESSAGES, passwordProblems } from '@app/domain';
import { sourceFile } from '../../lib/server-dir';

let common: Set<string> | undefined;

/** The shipped list of common passwords (lower-cased), read once on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(sourceFile('modules', 'accounts', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Django's default validators: length, numeric, similarity (shared rules) plus the common list. */
export function allPasswordProblems(password: string, email?: string): string[] {
  const problems = passwordProblems(password, email);
  if (isCommonPassword(password)) problems.push(MESSAGES.password.tooCommon);
  return problems;
}
