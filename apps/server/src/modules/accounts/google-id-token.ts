import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface GoogleIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** The `nonce` claim, when the token carries one. */
  nonce: string | undefined;
}

/**
 * Verifies Google ID tokens: RS256 signature against Google's published keys (fetched once and
 * cached by jose), issuer, audience = our client id, and expiry. `jwksUrl` and `issuer` are
 * configurable so tests can use a local key set; nothing else differs.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string; issuer: string }) {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl), {
    cacheMaxAge: 6 * 3600 * 1000,
    timeoutDuration: 5000,
  });
  // Google issues both spellings.
  const bare = options.issuer.replace(/^https:\/\//, '');
  const issuers = [...new Set([options.issuer, bare, `https://${bare}`])];
  return {
    /** The identity in a valid token, or null for any invalid one. */
    async verify(idToken: string): Promise<GoogleIdentity | null> {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer: issuers,
          audience: options.clientId,
          clockTolerance: 30,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          issuer: `https://${bare}`,
          subject: payload.sub,
          email: payload.email,
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
          familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
          nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
        };
      } catch {
        return null;
      }
    },
  };
}
