import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { ACCOUNT_MESSAGES, MESSAGES } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { findAccountByEmail } from './accounts.repository';
import { login, register, STRONG_PASSWORD } from './test-support';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

describe('POST /api/accounts/auth/google/', () => {
  let ctx: TestContext;
  let jwks: Server;
  let privateKey: CryptoKey;
  let jwksHits = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      jwksHits += 1;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const port = (jwks.address() as AddressInfo).port;
    ctx = await createTestContext({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
      GOOGLE_ISSUER: 'https://accounts.google.com',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => jwks.close(resolve));
  });

  const idToken = (
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; expiresIn?: string; alg?: string } = {},
  ) =>
    new SignJWT({ email_verified: true, given_name: 'Gia', family_name: 'Google', ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: 'k1' })
      .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
      .setAudience((claims.aud as string) ?? CLIENT_ID)
      .setSubject((claims.sub as string) ?? randomUUID())
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.key ?? privateKey);
  const google = (id_token: string, nonce?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/google/',
      payload: { id_token, ...(nonce !== undefined ? { nonce } : {}) },
    });
  /** A nonce from the server, as the web client asks for one before showing Google's button. */
  const newNonce = async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/accounts/auth/google/nonce/' });
    expect(res.statusCode).toBe(200);
    return res.json<{ nonce: string }>().nonce;
  };
  /** Signs in with a fresh server nonce carried in the ID token, as the web client does. */
  const signInWithGoogle = async (claims: Record<string, unknown>) => {
    const nonce = await newNonce();
    return google(await idToken({ ...claims, nonce }), nonce);
  };

  it('creates a verified creator, answers token + access + refresh + user, and sends a welcome e-mail', async () => {
    const sub = randomUUID();
    const res = await signInWithGoogle({ email: 'Gia@Example.com', sub });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBe(body.access);
    expect(body.refresh).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email: 'gia@example.com',
      role: 'creator',
      first_name: 'Gia',
      last_name: 'Google',
    });
    expect(await ctx.waitForEmail('gia@example.com')).toContain('Welcome');
    // The same Google identity signs in to the same account, even after its e-mail changes at Google.
    const again = await signInWithGoogle({ email: 'gia.renamed@example.com', sub });
    expect(again.json().user.id).toBe(body.user.id);
    // The key set was fetched once and cached.
    expect(jwksHits).toBe(1);
  });

  it('links a verified password account with the same verified e-mail', async () => {
    const user = await createUser(ctx, { email: 'linked@example.com' });
    const res = await signInWithGoogle({ email: 'linked@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
  });

  it('never merges into an unverified pre-registered account: its password stops working', async () => {
    // An attacker registers the victim's address and never verifies it.
    expect(
      (
        await register(ctx, {
          email: 'victim@example.com',
          password: STRONG_PASSWORD,
          confirm_password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(201);
    const res = await signInWithGoogle({ email: 'victim@example.com' });
    expect(res.statusCode).toBe(200);
    const account = await findAccountByEmail(ctx.deps.database.db, 'victim@example.com');
    expect(account).toMatchObject({ isActive: true, passwordHash: null });
    expect((await login(ctx, 'victim@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a Google e-mail that is not verified', async () => {
    const res = await signInWithGoogle({ email: 'unverified@example.com', email_verified: false });
    expect(res.statusCode).toBe(403);
    expect(await findAccountByEmail(ctx.deps.database.db, 'unverified@example.com')).toBeUndefined();
  });

  it('refuses tokens with a wrong audience, issuer, key, or that expired', async () => {
    const stranger = (await generateKeyPair('RS256')).privateKey;
    const bad = [
      await idToken({ email: 'x1@example.com', aud: 'someone-else' }),
      await idToken({ email: 'x2@example.com', iss: 'https://evil.example.com' }),
      await idToken({ email: 'x3@example.com' }, { key: stranger }),
      await idToken({ email: 'x4@example.com' }, { expiresIn: '-5m' }),
      'not.a.token',
    ];
    for (const token of bad) {
      const res = await google(token);
      expect(res.statusCode).toBe(401);
    }
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        sub: '1',
        email: 'n@example.com',
        email_verified: true,
      }),
    ).toString('base64url')}.`;
    expect((await google(none)).statusCode).toBe(401);
  });

  it('says so when Google sign-in is not configured', async () => {
    const plain = await createTestContext();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/accounts/auth/google/',
        payload: { id_token: 'x' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(MESSAGES.google.notConfigured);
    } finally {
      await plain.close();
    }
  });

  // L9 (issue 18): the ID token must carry a nonce the server issued, once.
  it('refuses a token without the nonce, with another nonce, or used twice', async () => {
    const nonce = await newNonce();
    const token = await idToken({ email: 'nonce@example.com', nonce });
    expect((await google(await idToken({ email: 'nonce@example.com' }))).statusCode).toBe(401);
    expect((await google(token)).statusCode).toBe(401);
    expect((await google(token, await newNonce())).statusCode).toBe(401);
    const forged = 'x'.repeat(43);
    expect(
      (await google(await idToken({ email: 'nonce@example.com', nonce: forged }), forged)).statusCode,
    ).toBe(401);
    expect((await google(token, nonce)).statusCode).toBe(200);
    expect((await google(token, nonce)).statusCode).toBe(401);
  });

  it('never links a Google sign-in to a staff or brand account', async () => {
    for (const role of ['staff', 'brand'] as const) {
      const user = await createUser(ctx, { role, email: `${role}-google@example.com` });
      const res = await signInWithGoogle({ email: user.email });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(ACCOUNT_MESSAGES.googleNotForStaffOrBrand);
      const linked = await ctx.deps.database.query('select 1 from social_accounts where user_id = $1', [
        user.id,
      ]);
      expect(linked.rows).toHaveLength(0);
      expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
    }
  });
});
