// Contest dates as every page writes them (money: common/money.ts): plain functions, no schema (public pages
// import them without the validation library).
/**
 * A contest date in the contest's own time zone, e.g. '08-22-2025' or, with the time,
 * '08-22-2025 11:59 PM PST' (the spec's style). Every page formats contest dates with this.
 */
export function formatContestDate(iso: string, timezone: string, options: { time?: boolean } = {}): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(options.time ? { hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' } : {}),
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('month')}-${get('day')}-${get('year')}`;
  if (!options.time) return date;
  return `${date} ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()} ${get('timeZoneName')}`;
}

/** A contest date written out, e.g. 'August 30, 2025', in the contest's time zone. */
export function formatContestDateLong(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
}
