import { describe, expect, it } from 'vitest';
import {
  DOWNLOAD_TOKEN_SECONDS,
  safeFileName,
  signDownloadToken,
  verifyDownloadToken,
} from './download-tokens';

describe('download tokens', () => {
  const secret = 'a-secret-long-enough-for-the-test';
  it('name one user for one video until they expire', () => {
    const now = Date.now();
    const token = signDownloadToken(secret, 7, { id: 3, role: 'creator' }, now);
    expect(verifyDownloadToken(secret, 7, token, now)).toEqual({ id: 3, role: 'creator', tokenVersion: 0 });
    const session = '0b7c2f4e-6a53-4d5e-9c1a-2f3b4c5d6e7f';
    const bound = signDownloadToken(
      secret,
      7,
      { id: 3, role: 'creator', tokenVersion: 2, sessionId: session },
      now,
    );
    expect(verifyDownloadToken(secret, 7, bound, now)).toEqual({
      id: 3,
      role: 'creator',
      tokenVersion: 2,
      sessionId: session,
    });
    expect(verifyDownloadToken(secret, 7, bound.replace('.2.', '.3.'), now)).toBeNull();
    expect(verifyDownloadToken(secret, 8, token, now)).toBeNull();
    expect(verifyDownloadToken('another-secret', 7, token, now)).toBeNull();
    expect(verifyDownloadToken(secret, 7, token.replace('.creator.', '.staff.'), now)).toBeNull();
    expect(verifyDownloadToken(secret, 7, token, now + DOWNLOAD_TOKEN_SECONDS * 1000)).not.toBeNull();
    // The expiry is rounded up to the next minute.
    expect(verifyDownloadToken(secret, 7, token, now + (DOWNLOAD_TOKEN_SECONDS + 61) * 1000)).toBeNull();
    // Signed again within that minute, the same token; for another user or file, another.
    expect(signDownloadToken(secret, 7, { id: 3, role: 'creator' }, now)).toBe(token);
    expect(signDownloadToken(secret, 7, { id: 4, role: 'creator' }, now)).not.toBe(token);
    expect(signDownloadToken(secret, 8, { id: 3, role: 'creator' }, now)).not.toBe(token);
  });
  it('make safe file names', () => {
    expect(safeFileName('Été à Paris: "rooftops" / take 2', 'mov')).toBe('Ete-a-Paris-rooftops-take-2.mov');
    expect(safeFileName('../../etc/passwd\r\n', 'mp4')).toBe('etc-passwd.mp4');
    expect(safeFileName('日本', 'webm')).toBe('video.webm');
  });
});
