import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * What a vote keeps of where it came from (issue 50): keyed hashes of the client's address and of
 * its network (IPv4 /24, IPv6 /48) under the server's secret. Equal addresses give equal keys, so
 * staff can see a ring of votes from one network and void it, but the platform never stores an
 * address and a leaked table names none.
 */

const keyed = (secret: string, prefix: 'a' | 'n', text: string) =>
  `${prefix}_${createHmac('sha256', secret).update(`audience:${prefix}:${text}`).digest('hex').slice(0, 16)}`;

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16) || 0);
}

/**
 * The network an address belongs to, as text: `a.b.c.0/24` for IPv4 (and IPv4-mapped IPv6),
 * the first three groups `/48` for IPv6; an unparsable address is its own network.
 */
export function networkOf(address: string): string {
  if (isIP(address) === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(address) === 6) {
    const groups = ipv6Groups(address);
    const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
    if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0/24`;
    return `${groups
      .slice(0, 3)
      .map((g) => g.toString(16))
      .join(':')}::/48`;
  }
  return address;
}

/** The keys a vote keeps of the client's address and of its network. */
export function voteKeysOf(secret: string, address: string): { addressKey: string; networkKey: string } {
  return { addressKey: keyed(secret, 'a', address), networkKey: keyed(secret, 'n', networkOf(address)) };
}

/**
 * Domains of throwaway mailboxes (a vote from one is flagged for staff, not refused): the common
 * public services; a list kept short on purpose, since a determined ring uses its own domains and
 * the rate and sign-up clusters catch those.
 */
const DISPOSABLE_DOMAINS = new Set([
  '10minutemail.com',
  'discard.email',
  'dispostable.com',
  'emailondeck.com',
  'fakeinbox.com',
  'getnada.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'mailinator.com',
  'maildrop.cc',
  'mailnesia.com',
  'mintemail.com',
  'mohmal.com',
  'sharklasers.com',
  'spamgourmet.com',
  'temp-mail.org',
  'tempmail.com',
  'tempr.email',
  'throwawaymail.com',
  'trashmail.com',
  'yopmail.com',
]);

/** Whether an e-mail address is at a throwaway mailbox service (or one of its subdomains). */
export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return [...DISPOSABLE_DOMAINS].some((d) => domain === d || domain.endsWith(`.${d}`));
}
