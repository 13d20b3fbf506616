import { namedClip } from '../../../apps/server/test/ffmpeg-clip';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';

const REMINDER = 'Please complete your profile';
const FOUR_MINUTES = 240_000;

/**
 * A short, poorly compressible clip (noise, 2.5 MB) made with ffmpeg: at the throttled upload
 * speed below it takes a few seconds, long enough to see the progress move (a 14 MB clip took
 * 35 s, and its processing as long again on the server).
 */
function makeClip(name: string): string {
  const file = namedClip(name, [
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=320x180:d=2:r=24,geq=random(1)*255:128:128',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '10',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
  ]);
  return file;
}

/** Slows the browser's uploads so the progress of a real upload can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

test('a new creator completes the profile, uploads a video and finds everything after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const creator = await createVerifiedUser({ role: 'creator' });
  await page.clock.install();
  await signIn(page, creator);
  await page.goto('/creator-dashboard');

  // A new creator: anonymous, no bio, nothing earned, no contests, no videos, and the reminder.
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByRole('heading', { name: 'Anonymous Creator' })).toBeVisible();
  await expect(profile.getByText('No bio provided')).toBeVisible();
  await expect(profile.getByText(creator.email)).toBeVisible();
  await expect(page.getByText(REMINDER)).toBeVisible();
  const earnings = page.getByRole('region', { name: 'Earnings Overview' });
  await expect(earnings.getByText('$0.00')).toHaveCount(3);
  await expect(page.getByText('No running contests found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Contests' })).toHaveAttribute('href', '/contests');
  await expect(page.getByRole('button', { name: 'Upload Your First Video' })).toBeVisible();

  // The reminder goes after 4 s and comes back 4 minutes later while the profile is incomplete.
  await page.clock.runFor(4_500);
  await expect(page.getByText(REMINDER)).toHaveCount(0);
  await page.clock.runFor(FOUR_MINUTES - 4_500);
  await expect(page.getByText(REMINDER)).toBeVisible();

  // Fill the profile.
  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Full Name').fill('Maya Fernandez');
  await dialog.getByLabel('Bio').fill('Cinematographer shooting moody product films.');
  await expect(dialog.getByText('45/500')).toBeVisible();
  await dialog.getByLabel('Phone Number').fill('+15125550123');
  await dialog.getByLabel('Address', { exact: true }).fill('400 Congress Ave, Austin');
  await dialog.getByLabel('Address Line 1').fill('400 Congress Ave');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('State').fill('TX');
  await dialog.getByLabel('Postal Code').fill('78701');
  await dialog.getByLabel('Country').fill('US');
  await dialog.getByLabel('Instagram').fill('https://instagram.com/maya.films');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(profile.getByRole('heading', { name: 'Maya Fernandez' })).toBeVisible();
  await expect(profile.getByText('Cinematographer shooting moody product films.')).toBeVisible();
  await expect(profile.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://instagram.com/maya.films',
  );

  // Complete now: the reminder does not come back.
  await page.clock.runFor(4_500);
  await expect(page.getByText(REMINDER)).toHaveCount(0);
  await page.clock.runFor(FOUR_MINUTES);
  await expect(page.getByText(REMINDER)).toHaveCount(0);

  // Upload a video, watching the real progress of the upload.
  const clip = makeClip('rooftop-sunset.mp4');
  await throttleUploads(page, 400 * 1024);
  await page.getByRole('button', { name: 'Upload Your First Video' }).click();
  const upload = page.getByRole('dialog', { name: /Upload Video/ });
  await upload.getByLabel('Video file').setInputFiles(clip);
  await expect(upload.getByLabel('Title')).toHaveValue('rooftop-sunset');
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  const progress = upload.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expect(page.getByText('Video uploaded successfully!')).toBeVisible({ timeout: 60_000 });
  await throttleUploads(page, -1);

  // The new video shows without a reload, in both tabs.
  const videos = page.getByRole('region', { name: 'My Videos' });
  await expect(videos.getByRole('link', { name: /rooftop-sunset/ })).toBeVisible();
  await expect(videos.getByText('Standalone')).toBeVisible();
  await videos.getByRole('tab', { name: 'Recent Uploads' }).click();
  await expect(videos.getByRole('link', { name: /rooftop-sunset/ })).toBeVisible();

  // Everything persists after a reload.
  await page.reload();
  await expect(profile.getByRole('heading', { name: 'Maya Fernandez' })).toBeVisible();
  await expect(profile.getByText('Austin, TX, 78701')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('Videos')).toBeVisible();
  await expect(videos.getByRole('link', { name: /rooftop-sunset/ })).toBeVisible();
  await videos.getByRole('tab', { name: 'Recent Uploads' }).click();
  await expect(videos.getByRole('link', { name: /rooftop-sunset/ })).toBeVisible();
  await page.clock.runFor(FOUR_MINUTES + 5_000);
  await expect(page.getByText(REMINDER)).toHaveCount(0);
});
