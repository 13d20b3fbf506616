/**
 * CSV for spreadsheets (RFC 4180), safe against formula injection: a cell that a spreadsheet would
 * read as a formula (it begins with =, +, -, @, a tab or a carriage return) is prefixed with a
 * single quote, so it shows as text and never runs.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | bigint | boolean | null | undefined;

/** One cell: formula starts neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are written by us and may be negative ("-12.50"); only text can carry a formula.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and data rows → CSV text with CRLF line ends. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
