/** A dollars string typed by staff ('5000', '5,000.50') → integer cents; null when unreadable. */
export function parseDollars(text: string): number | null {
  const clean = text.replace(/[,\s$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
