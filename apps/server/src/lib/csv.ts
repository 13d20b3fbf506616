/**
 * CSV for spreadsheets (RFC 4180 quoting). Every export builds its cells here, so a cell that a
 * spreadsheet would run as a formula — one starting with =, +, -, @, a tab or a carriage return —
 * is neutralised once, the same way everywhere (OWASP "CSV injection"): it gets a leading '.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, and quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: a header and rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>) {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
