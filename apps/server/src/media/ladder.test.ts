import { describe, expect, it } from 'vitest';
import { toWebVtt } from './captions';
import { fallbackRung, ladderArgs, masterPlaylist, planLadder, progressReader } from './ladder';

describe('the rendition ladder', () => {
  it('keeps the heights the short side allows, never upscaling, lowest first', () => {
    const names = (w: number, h: number) => planLadder(w, h).map((r) => `${r.name}:${r.width}x${r.height}`);
    expect(names(1080, 1920)).toEqual(['360p:360x640', '480p:480x854', '720p:720x1280', '1080p:1080x1920']);
    expect(names(3840, 2160)).toEqual(['360p:640x360', '480p:854x480', '720p:1280x720', '1080p:1920x1080']);
    expect(names(1280, 700)).toEqual(['360p:658x360', '480p:878x480']);
    expect(names(320, 240)).toEqual(['src:320x240']);
    expect(names(321, 179)).toEqual(['src:322x180']);
    expect(fallbackRung(planLadder(2160, 3840)).name).toBe('720p');
    expect(fallbackRung(planLadder(480, 854)).name).toBe('480p');
  });

  it('encodes the ladder in one run with forced, aligned keyframes and no scene-cut keyframes', () => {
    const args = ladderArgs('in.mov', '/out', planLadder(1080, 1920), {
      inputFormat: 'video/quicktime',
      frameRate: 59.94,
      hasAudio: true,
      durationSeconds: 90,
      timeoutMs: 1,
    });
    const joined = args.join(' ');
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(joined).toContain('-protocol_whitelist file -f mov -enable_drefs 0 -i in.mov');
    expect(joined).toContain('fps=30,split=4');
    expect(joined).toContain('-sc_threshold 0');
    expect(joined).toContain('-force_key_frames expr:gte(t,n_forced*2)');
    expect(joined).toContain('-g 60 -keyint_min 60');
    expect(joined).toContain('-profile:v high');
    expect(joined).toContain('v:0,a:0,name:360p v:1,a:1,name:480p v:2,a:2,name:720p v:3,a:3,name:1080p');
  });

  it('reports ffmpeg progress as whole percents of the duration', () => {
    const seen: number[] = [];
    const read = progressReader(10, (p) => seen.push(p));
    read('frame=1\nout_time_us=2500');
    read('000\nprogress=continue\nout_time_us=2600000\nout_time_us=9990000\nout_time_us=12000000\n');
    expect(seen).toEqual([25, 26, 99]);
  });

  it('writes a master playlist with bandwidth, resolution and codecs, lowest first', () => {
    const text = masterPlaylist([
      {
        name: '720p',
        width: 720,
        height: 1280,
        bandwidth: 3e6,
        averageBandwidth: 2e6,
        codecs: 'avc1.64001f,mp4a.40.2',
        frameRate: 30,
      },
      {
        name: '360p',
        width: 360,
        height: 640,
        bandwidth: 9e5,
        averageBandwidth: 6e5,
        codecs: 'avc1.64001e,mp4a.40.2',
        frameRate: 30,
      },
    ]);
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=600000,RESOLUTION=360x640,CODECS="avc1.64001e,mp4a.40.2",FRAME-RATE=30.000\n360p/playlist.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=720x1280,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000\n720p/playlist.m3u8\n',
    );
  });
});

describe('captions', () => {
  it('keeps WebVTT, converts SRT and refuses anything else', () => {
    expect(toWebVtt(Buffer.from('WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi'))).toBe(
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n',
    );
    expect(
      toWebVtt(Buffer.from('1\n0:00:01,000 --> 0:00:02,000\nA, b\n\n\n2\n00:00:03,000 --> 00:00:04,250\nC')),
    ).toBe('WEBVTT\n\n1\n0:00:01.000 --> 0:00:02.000\nA, b\n\n2\n00:00:03.000 --> 00:00:04.250\nC\n');
    expect(toWebVtt(Buffer.from('hello'))).toBeNull();
    expect(toWebVtt(Buffer.from([0xff, 0xfe, 0x00]))).toBeNull();
  });
});
