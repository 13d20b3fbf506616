import { describe, expect, it } from 'vitest';
import { SIGNED_MEDIA } from '@app/domain';
import { renewSignedUrl, signedMediaRenewal, unsignedUrl } from './signed-media';

const mac = (c: string) => c.repeat(43);
const folder = 'videos/0b6f3c2e-1111-4a4a-9b9b-123456789abc/';
const old = `/media/s/1800000000/${mac('a')}/${folder}hls/master.m3u8`;
const renewed = `/media/s/1800000600/${mac('b')}/${folder}hls/master.m3u8`;

describe('signed media URLs, renewed by the page', () => {
  it('refetches data holding a signed URL before it expires, and other data never', () => {
    expect(signedMediaRenewal({ playback: { hls_url: old } })).toBe(SIGNED_MEDIA.renewEveryMs);
    expect(SIGNED_MEDIA.renewEveryMs).toBeLessThan(SIGNED_MEDIA.minSeconds * 1000);
    expect(signedMediaRenewal({ playback: { hls_url: `/media/${folder}hls/master.m3u8` } })).toBe(false);
    expect(signedMediaRenewal(undefined)).toBe(false);
  });

  it('moves a segment resolved from an expired playlist URL onto the renewed signature', () => {
    const segment = `http://localhost:3000/media/s/1800000000/${mac('a')}/${folder}hls/360p/seg00007.m4s`;
    expect(renewSignedUrl(segment, renewed)).toBe(
      `http://localhost:3000/media/s/1800000600/${mac('b')}/${folder}hls/360p/seg00007.m4s`,
    );
    expect(renewSignedUrl(old, renewed)).toBe(renewed);
  });

  it("never moves a URL onto another video's signature, nor an unsigned one", () => {
    const another = `/media/s/1800000600/${mac('c')}/videos/ffffffff-1111-4a4a-9b9b-123456789abc/hls/master.m3u8`;
    expect(renewSignedUrl(old, another)).toBe(old);
    expect(renewSignedUrl(`/media/${folder}poster.jpg`, renewed)).toBe(`/media/${folder}poster.jpg`);
    expect(renewSignedUrl(old, null)).toBe(old);
    expect(unsignedUrl(old)).toBe(unsignedUrl(renewed));
  });
});
