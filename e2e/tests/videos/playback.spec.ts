import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { namedClip } from '../../../apps/server/test/ffmpeg-clip';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { requestTracker } from '../../support/requests';

interface PlaybackVideo {
  id: number;
  processing: { stage: string; percent: number };
  playback: { hls_url: string; renditions: Array<{ height: number }>; captions: unknown[] } | null;
}

/** Issue 16: the video page plays the HLS renditions through hls.js, with captions, by keyboard. */
test.describe('videos: adaptive playback', () => {
  let dir: string;
  let clip: string;

  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-playback-'));
    // 854×480, 20 s, H.264/AAC: two renditions (360p and 480p).
    clip = namedClip(
      'harbour.mp4',
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc2=duration=20:size=854x480:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=330:duration=20',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
      ],
      dir,
    );
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the video page plays through hls.js, captions switch on, and the keyboard operates it', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const creator = await createVerifiedUser({ role: 'creator', firstName: 'Ines', lastName: 'Moreau' });
    const session = await signIn(page, creator);
    const headers = { authorization: `Bearer ${session.access}` };

    const form = new FormData();
    form.set('title', 'Harbour at dawn');
    form.set('video', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'harbour.mp4');
    const uploaded = await fetch(`${E2E_BASE_URL}/api/videos/upload/`, {
      method: 'POST',
      body: form,
      headers,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as PlaybackVideo;

    let video: PlaybackVideo | undefined;
    await expect
      .poll(
        async () => {
          video = (await (
            await fetch(`${E2E_BASE_URL}/api/videos/videos/${id}/`, { headers })
          ).json()) as PlaybackVideo;
          return video.processing.stage;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe('done');
    expect(video!.playback!.renditions.map((r) => r.height)).toEqual([360, 480]);

    const captions = new FormData();
    captions.set('language', 'en');
    captions.set(
      'file',
      new Blob(['1\r\n00:00:00,000 --> 00:00:20,000\r\nWaves against the pier\r\n'], { type: 'text/plain' }),
      'harbour.srt',
    );
    const captioned = await fetch(`${E2E_BASE_URL}/api/videos/videos/${id}/captions/`, {
      method: 'POST',
      body: captions,
      headers,
    });
    expect(captioned.status).toBe(200);

    // The public library never loads the player or hls.js.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const requests = requestTracker(page);
    await page.goto('/library');
    await expect(page.getByRole('heading', { name: 'Video Library' })).toBeVisible();
    await requests.settle();
    expect(scripts.filter((url) => /hls|video-player/.test(url))).toEqual([]);

    await page.goto(`/videos/${id}`);
    const player = page.getByLabel('Video: Harbour at dawn');
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute('data-engine', 'hls.js');
    // Media Source Extensions: the element plays a blob: URL fed by hls.js.
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
    expect(scripts.some((url) => /hls\.light/.test(url))).toBe(true);

    // Keyboard: focus the player, M mutes, K plays; the time advances.
    await player.focus();
    await page.keyboard.press('m');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.keyboard.press('k');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);
    // Space pauses; → seeks 5 s ahead.
    await page.keyboard.press(' ');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => [v.paused, v.ended]))
      .toEqual([true, false]);
    const before = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(before + 4);
    expect(await player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(before + 6);

    // Captions: off at first; the labelled menu turns English on, by keyboard.
    const showing = () =>
      player.evaluate((v: HTMLVideoElement) =>
        Array.from(v.textTracks)
          .filter((t) => t.mode === 'showing')
          .map((t) => t.language),
      );
    expect(await showing()).toEqual([]);
    const menu = page.getByRole('combobox', { name: 'Captions' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'English' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveText('English');
    await expect.poll(showing).toEqual(['en']);
    // C on the player turns them off and on again.
    await player.focus();
    await page.keyboard.press('c');
    await expect.poll(showing).toEqual([]);
    await page.keyboard.press('c');
    await expect.poll(showing).toEqual(['en']);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0))
      .toBe(1);
  });
});
