import type { ThrottleRule } from '../../lib/throttle';

/** Per-client and per-address limits (requests per window). */
export const RATE_LIMITS = {
  // Per client: generous, since many people can share one address (offices, campuses, a test run).
  // Sign-in attempts on one account are counted before the password is checked (atomically, so
  // parallel guesses cannot slip past) and given back when it is right: per account and client
  // (tight: what stops one client guessing), and per account over every client that never signed
  // in to it (wider: what stops a guesser with many addresses, without locking the owner out of
  // the clients they use — see `knownClientDays`).
  login: {
    perClient: 200,
    perAccountClient: 10,
    perAccount: 50,
    knownClientDays: 30,
    windowSeconds: 15 * 60,
  },
  register: { perClient: 50, perEmail: 5, windowSeconds: 60 * 60 },
  resend: { perClient: 50, perEmail: 3, windowSeconds: 15 * 60 },
  reset: { perClient: 50, perEmail: 3, windowSeconds: 15 * 60 },
  google: { perClient: 200, windowSeconds: 15 * 60 },
} as const;

/** The throttle rules of one kind of request: per client, and per address where the kind has one. */
export function limit(kind: keyof typeof RATE_LIMITS, ip: string, email?: string) {
  const rule = RATE_LIMITS[kind];
  const rules: ThrottleRule[] = [
    { key: `${kind}:ip:${ip}`, limit: rule.perClient, windowSeconds: rule.windowSeconds },
  ];
  if (email && 'perEmail' in rule)
    rules.push({ key: `${kind}:email:${email}`, limit: rule.perEmail, windowSeconds: rule.windowSeconds });
  return rules;
}
