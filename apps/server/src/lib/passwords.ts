import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's memory and time costs. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * One hash of a random password per process, made on first need: each hash holds 19 MiB for its
 * run, and making it when each service was built cost the start-up peak 3 × 19 MiB at once.
 */
let nobodysHash: Promise<string> | undefined;

/**
 * The cost of one verification for an address with no password (unknown, or Google-only), so
 * the answer's timing does not reveal which addresses have accounts. Always false.
 */
export async function verifyNoPassword(password: string): Promise<false> {
  // A failed hash is not kept: the next sign-in tries again.
  nobodysHash ??= hashPassword(randomUUID()).catch((error: unknown) => {
    nobodysHash = undefined;
    throw error;
  });
  await verifyPassword(await nobodysHash, password);
  return false;
}
