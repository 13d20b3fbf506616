import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'cinematic-contests';
const REFRESH_AUDIENCE = 'refresh';

export interface RefreshClaims {
  /** refresh_tokens.id */
  jti: string;
  userId: number;
}

/**
 * Refresh tokens are HS256 JWTs naming one `refresh_tokens` row; the row decides whether the token
 * is still usable (rotation, reuse detection, revocation). The signature keeps forged ids out
 * before the database is asked.
 */
export function createRefreshTokenCodec(secret: string) {
  const key = new TextEncoder().encode(`refresh:${secret}`);
  return {
    sign(claims: RefreshClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(claims.jti)
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(REFRESH_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The claims of a well-formed, correctly signed, unexpired refresh token, else null. */
    async read(token: string): Promise<RefreshClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: REFRESH_AUDIENCE,
        });
        if (!payload.jti || !payload.sub) return null;
        return { jti: payload.jti, userId: Number(payload.sub) };
      } catch {
        return null;
      }
    },
  };
}
export type RefreshTokenCodec = ReturnType<typeof createRefreshTokenCodec>;
