/** 1 → '1st', 2 → '2nd', 11 → '11th'. */
export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Integer cents → '$5,000.00' (or 'EUR 5,000.00'); no floating point until display. */
export function formatCents(cents: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
}

/** '5000.00' (the API's amounts) → '$5,000.00'. */
export function formatAmount(amount: string, currency = 'USD'): string {
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return `${amount.startsWith('-') ? '-' : ''}${formatCents(cents, currency)}`;
}

/** A dollars string typed by staff ('5000', '5,000.50') → integer cents; null when unreadable. */
export function parseDollars(text: string): number | null {
  const clean = text.replace(/[,\s$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
