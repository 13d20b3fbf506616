import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Text sealed at rest with AES-256-GCM (authenticated: a changed byte fails to open, never yields
 * other text). The key is the SHA-256 of a configured secret, so any secret of 32+ characters
 * works. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export function createSealer(secret: string) {
  const key = createHash('sha256').update(`sealed-text:${secret}`).digest();
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not sealed text');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;
