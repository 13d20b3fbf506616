import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { STAFF_MESSAGES, type Role } from '@app/domain';
import { AppError } from '../lib/errors';
import { assertRole, assertSignedIn, assertStaff, type Caller } from '../lib/policy';

/** What a verified access token says: whose it is, and which version and session it was issued for. */
export interface TokenClaims {
  id: number;
  role: Role;
  /**
   * The account's token version when the token was signed (0 when left out). A token whose version
   * is no longer the account's is refused: see `registerAuth`'s `check`.
   */
  tokenVersion?: number;
  /**
   * The session (refresh-token family) the token was issued for; when present, the token is refused
   * as soon as that session ends (logout), not only when it expires.
   */
  sessionId?: string;
}

export type { Caller };

/**
 * Whether a verified access token still speaks for its account (not deactivated, not revoked):
 * null when it does not, else what the caller's rules need of the account (its brand, and its role
 * in the brand's team).
 */
export type AccessCheck = (
  claims: TokenClaims,
) => Promise<{ brandId: number | null; brandRole: NonNullable<Caller['brandRole']> | null } | null>;

/** The caller a token's claims name, when the account still stands behind them (else null). */
export async function callerOf(claims: TokenClaims | null, check: AccessCheck): Promise<Caller | null> {
  const account = claims && (await check(claims));
  return claims && account ? { ...claims, brandId: account.brandId, brandRole: account.brandRole } : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; undefined for anonymous requests. */
    caller?: Caller;
  }
}

const ISSUER = 'cinematic-contests';
const ACCESS_AUDIENCE = 'access';

export interface AccessTokens {
  sign(user: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims>;
}

/** Short-lived HS256 access tokens. Only HS256 is accepted (never `alg: none`). */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every verification.
  let verifyKey: ReturnType<typeof crypto.subtle.importKey> | undefined;
  return {
    sign: (user) =>
      new SignJWT({
        role: user.role,
        ver: user.tokenVersion ?? 0,
        ...(user.sessionId ? { sid: user.sessionId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setAudience(ACCESS_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      verifyKey ??= crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      const { payload } = await jwtVerify(token, await verifyKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: ACCESS_AUDIENCE,
      });
      const version = typeof payload.ver === 'number' ? payload.ver : 0;
      return {
        id: Number(payload.sub),
        role: payload.role as Role,
        tokenVersion: version,
        ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
      };
    },
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/**
 * Adds `app.authenticate` (optional identity), `app.requireUser`, `app.requireRole(...)` and
 * `app.requireStaff` preHandlers (also usable as onRequest hooks). Routes declare their access with
 * these; services receive `request.caller` and check record-level rules with lib/policy.ts.
 * A correctly signed token is also checked against its account on every request (`check`, one
 * primary-key read that also gives the brand of a brand user, so the caller's brand is resolved
 * here, once): a deactivated account's tokens, or tokens older than its token version, are
 * refused like an invalid token.
 */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens, check: AccessCheck): void {
  const invalid = () => new AppError('not_authenticated', 'Given token not valid for any token type');
  const identify = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return;
    let claims: TokenClaims;
    try {
      claims = await tokens.verify(token);
    } catch {
      throw invalid();
    }
    const caller = await callerOf(claims, check);
    if (!caller) throw invalid();
    request.caller = caller;
  };
  app.decorate('authenticate', identify);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await identify(request);
    assertSignedIn(request.caller);
  });
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await identify(request);
    assertSignedIn(request.caller);
    assertRole(request.caller, roles);
  });
  // The staff console and payouts answer non-staff with their own message (STAFF_MESSAGES.staffOnly).
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    await identify(request);
    assertSignedIn(request.caller);
    assertStaff(request.caller, STAFF_MESSAGES.staffOnly);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
    /** Staff only: 401 anonymous, 403 (`STAFF_MESSAGES.staffOnly`) creators and brands. */
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}
