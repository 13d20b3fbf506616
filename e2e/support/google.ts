import { createServer } from 'node:http';
import { generateKeyPairSync, createSign, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_GOOGLE_CLIENT_ID, E2E_STATE_DIR } from './env';

/**
 * Google cannot be reached from here, so the run signs ID tokens with a locally generated RSA key
 * and serves its public half as the JWKS the server is pointed at (GOOGLE_JWKS_URL).
 */
const KEY_FILE = path.join(E2E_STATE_DIR, 'google-key.pem');
const KID = 'e2e-key';

export async function startGoogleKeyServer(port: number): Promise<{ close(): Promise<void> }> {
  mkdirSync(E2E_STATE_DIR, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(KEY_FILE, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A Google-style ID token for `email`, signed with the run's local key. */
export function signGoogleIdToken(claims: {
  email: string;
  sub?: string;
  name?: string;
  email_verified?: boolean;
  /** The nonce the page gave Google's button (the server requires it in the token). */
  nonce?: string;
}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: KID };
  const payload = {
    iss: 'https://accounts.google.com',
    aud: E2E_GOOGLE_CLIENT_ID,
    sub: claims.sub ?? randomUUID(),
    email: claims.email,
    email_verified: claims.email_verified ?? true,
    name: claims.name ?? 'Google User',
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
    iat: now,
    exp: now + 600,
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(readFileSync(KEY_FILE, 'utf8'));
  return `${input}.${signature.toString('base64url')}`;
}
