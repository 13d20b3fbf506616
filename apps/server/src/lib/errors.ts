import { ERROR_CODES, type ErrorCode } from '@app/domain';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type of the API. Its code maps to the HTTP status (ERROR_CODES), its detail is
 * shown to users, and field errors are rendered beside it as `{field: [message]}`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fields: FieldErrors = {},
    readonly headers: Record<string, string> = {},
    /** More of the answer's body beside `detail` and `code` (e.g. the `checks` of a refused entry). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.statusCode = ERROR_CODES[code];
  }

  /** A 400 with per-field errors; the detail is the first field message. */
  static validation(fields: FieldErrors, detail?: string): AppError {
    const first = Object.values(fields)[0]?.[0];
    return new AppError('validation', detail ?? first ?? 'Invalid input.', fields);
  }
}
