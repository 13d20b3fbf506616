import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows an API error's field errors (`{field: [message]}`, see `ApiError.fieldErrors`) on the form
 * fields named in `fields`, the first message of each. Returns whether any was shown, so the form
 * can fall back to a message of its own. Every form with server-side field errors uses this.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): boolean {
  const messages = error instanceof ApiError ? error.fieldErrors() : {};
  let shown = false;
  for (const name of fields) {
    const message = messages[name]?.[0];
    if (!message) continue;
    setError(name, { type: 'server', message });
    shown = true;
  }
  return shown;
}
