import { randomBytes } from 'node:crypto';
import { LICENCE_LIMITS } from '@app/domain';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32 in lower case, without padding. */
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A new licence id: `lic_` and 128 random bits in base32 (26 characters). The id alone admits a
 * visitor to the public verification, so it is drawn from the CSPRNG, never from a sequence.
 */
export function newLicenceId(): string {
  return `lic_${base32(randomBytes(LICENCE_LIMITS.idBytes))}`;
}
