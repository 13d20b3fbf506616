/**
 * Values that hold until an expiry (an HMAC over a message that names its expiry), made once per
 * key while that expiry is current and forgotten when it moves on or `max` are kept. Signed media
 * prefixes and download tokens round their expiries up (to minutes), so a page read again and
 * again within that time reuses its signatures: making them was 4% of the review queue's CPU and
 * of the reviewers' entries list's (`bench/full/profile.ts`). Only derived values are kept: any
 * process makes the same ones.
 */
export function memoUntilExpiry(max = 50_000) {
  let current = 0;
  const values = new Map<string, string>();
  return (expires: number, key: string, make: () => string): string => {
    if (expires !== current || values.size >= max) {
      current = expires;
      values.clear();
    }
    let value = values.get(key);
    if (value === undefined) values.set(key, (value = make()));
    return value;
  };
}
