import { toCsv, type CsvValue } from '@app/domain';

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a table as a CSV file (the same safe CSV the API's exports write). */
export function saveCsv(
  fileName: string,
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<CsvValue>>,
) {
  saveFile(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
