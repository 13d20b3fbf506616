import { namedClip } from '../../apps/server/test/ffmpeg-clip';
import { expect, type Page } from '@playwright/test';
import { apiLogin, type E2EUser } from './accounts';
import { E2E_BASE_URL } from './env';

/** A real ~3 s clip (test pattern and a tone, H.264/AAC) named `<title>.mp4`. */
export function makeClip(title: string): string {
  return namedClip(`${title}.mp4`, [
    ...['-f', 'lavfi', '-i', 'testsrc2=duration=3:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=3'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
  ]);
}

/**
 * Uploads a clip from the creator dashboard's dialog (the page must be signed in as `creator`),
 * then waits until the server has processed it; returns the video's id.
 */
export async function uploadFromDashboard(page: Page, creator: E2EUser, title: string): Promise<number> {
  await page.goto('/creator-dashboard');
  await page.getByRole('button', { name: 'Upload Video' }).first().click();
  const dialog = page.getByRole('dialog', { name: /Upload Video/ });
  await dialog.getByLabel('Video file').setInputFiles(makeClip(title));
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Video uploaded successfully!')).toBeVisible({ timeout: 30_000 });

  const { access } = await apiLogin(creator);
  const headers = { authorization: `Bearer ${access}` };
  const mine = (await (await fetch(`${E2E_BASE_URL}/api/videos/videos/?mine=true`, { headers })).json()) as {
    results: { id: number; title: string }[];
  };
  const id = mine.results.find((video) => video.title === title)?.id;
  if (!id) throw new Error(`the upload of ${title} is not among the creator's videos`);
  await expect
    .poll(
      async () =>
        (
          (await (await fetch(`${E2E_BASE_URL}/api/videos/videos/${id}/`, { headers })).json()) as {
            status: string;
          }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('ready');
  return id;
}

/**
 * In the review queue, presses `j` until the current row (the one the keys act on) is the video
 * titled `title`; fails if the page ends first.
 */
export async function moveToRow(page: Page, title: string): Promise<void> {
  const current = page.locator('article[aria-current="true"] h2');
  await expect(current).toBeVisible();
  // The queue opens on its first row; k there keeps it and puts the focus on it.
  await page.keyboard.press('k');
  for (let step = 0; step < 25; step += 1) {
    if ((await current.textContent()) === title) break;
    await page.keyboard.press('j');
  }
  await expect(current).toHaveText(title);
  await expect(page.locator('article[aria-current="true"]')).toBeFocused();
}
