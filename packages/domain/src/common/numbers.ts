/**
 * A whole number with its thousands grouped ('50,000'), as the pages write numbers. Without Intl
 * or toLocaleString: called when a module loads, those would map ICU's locale data (~4.6 MiB) into
 * every server process and cost a page's start-up (money.ts, docs/benchmarks.md).
 */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}
