import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { namedClip } from '../../../apps/server/test/ffmpeg-clip';
import { expect, test } from '@playwright/test';
import { apiLogin, createVerifiedUser, signIn } from '../../support/accounts';
import { runAdmin } from '../../support/admin';
import { E2E_BASE_URL } from '../../support/env';

/** `npm run admin -- approve-video ID`, as staff would run it against the running server. */
async function approveVideo(id: number): Promise<string> {
  return runAdmin(['approve-video', String(id)]);
}

test.describe('videos: upload, approve, search, play', () => {
  let dir: string;
  let clip: string;
  const word = `aurora${Date.now().toString(36)}`;

  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-clip-'));
    // A real clip made here: test pattern and a tone, H.264/AAC, ~6 s.
    clip = namedClip(
      `${word} dusk take.mp4`,
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc2=duration=6:size=640x360:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=330:duration=6',
        '-c:v',
        'libx264',
        '-b:v',
        '4M',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        '-movflags',
        '+faststart',
      ],
      dir,
    );
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a creator uploads from the dashboard, staff approve it, anyone finds it in the library and plays it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const creator = await createVerifiedUser({ role: 'creator', firstName: 'Noor', lastName: 'Haddad' });
    await signIn(page, creator);
    await page.goto('/creator-dashboard');
    await page.getByRole('button', { name: 'Upload Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Video' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Video file').setInputFiles(clip);
    // Title prefilled from the file name; duration and size read in the browser before sending.
    await expect(dialog.getByLabel('Title')).toHaveValue(`${word} dusk take`);
    await expect(dialog.getByTestId('video-file-info')).toContainText('0:06 · 640×360');
    await dialog.getByLabel('Description (optional)').fill('Golden light over the new chair.');

    // A slow uplink, so the progress is visible.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect(dialog.getByText(/Uploading… \d+%/)).toBeVisible();
    // It cannot be edited or closed meanwhile.
    await expect(dialog.getByLabel('Title')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await expect(page.getByText('Video uploaded successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Find the new video's id, wait for its poster and preview.
    const session = await apiLogin(creator);
    const headers = { authorization: `Bearer ${session.access}` };
    const mine = (await (
      await fetch(`${E2E_BASE_URL}/api/videos/videos/?mine=true`, { headers })
    ).json()) as {
      results: Array<{ id: number; title: string; status: string }>;
    };
    const uploaded = mine.results.find((v) => v.title === `${word} dusk take`)!;
    expect(uploaded).toBeTruthy();
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${E2E_BASE_URL}/api/videos/videos/${uploaded.id}/`, { headers })
            ).json()) as { status: string }
          ).status,
        {
          timeout: 30_000,
        },
      )
      .toBe('ready');

    // Not public before approval.
    expect((await fetch(`${E2E_BASE_URL}/api/videos/videos/${uploaded.id}/`)).status).toBe(404);
    expect(await approveVideo(uploaded.id)).toContain(`Approved video ${uploaded.id}`);

    // The library arrives rendered by the server (dates in UTC) and hydrates without a mismatch for a
    // reader in another time zone and locale, whose own date format follows.
    const abroad = await browser.newContext({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });
    const reader = await abroad.newPage();
    const hydrationErrors: string[] = [];
    reader.on('pageerror', (error) => hydrationErrors.push(error.message));
    await reader.goto('/library');
    await expect(reader.getByRole('link', { name: new RegExp(`${word} dusk take`) })).toContainText(
      /Posted: \d{1,2}\.\d{1,2}\.\d{4}/,
    );
    expect(hydrationErrors).toEqual([]);
    await abroad.close();

    // Anyone: search the library, open the page, play.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/library');
    await expect(page.getByRole('heading', { name: 'Video Library' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(word.slice(0, -2));
    const card = page.getByRole('link', { name: new RegExp(`${word} dusk take`) });
    await expect(card).toBeVisible();
    await expect(card.locator('video')).toHaveAttribute('src', /\/media\/videos\/.+\/preview\.mp4$/);
    await card.click();

    await expect(page).toHaveURL(new RegExp(`/videos/${uploaded.id}$`));
    await expect(page.getByRole('heading', { name: 'Video Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${word} dusk take` })).toBeVisible();
    await expect(page.getByText('Noor Haddad')).toBeVisible();
    await expect(page.getByText('Golden light over the new chair.')).toBeVisible();
    const player = page.locator('video');
    await expect(player).toHaveAttribute('poster', /poster\.jpg$/);
    await player.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    // Seeking works (range requests).
    await player.evaluate((video: HTMLVideoElement) => {
      video.currentTime = 4;
    });
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime))
      .toBeGreaterThanOrEqual(4);
  });

  test('the library shows the empty state for a search without results', async ({ page }) => {
    await page.goto('/videos');
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(`zzz${word}nothing "quoted" -x 🎬`);
    await expect(page.getByText('No videos found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search videos' }).fill('   ');
    await expect(page.getByText('Try adjusting your search terms')).toBeHidden();
  });
});
