import { expect, test } from '@playwright/test';

interface Contest {
  tagline: string;
  timezone: string;
  starts_at: string;
  application_deadline: string;
  submission_deadline: string;
  prize: number;
  brief: string;
  requirements: string[];
}

/** MM-DD-YYYY in the contest's time zone, as the pages show contest dates. */
function contestDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get('month')}-${get('day')}-${get('year')}`;
}

test('/hbada-synergy shows the dates, brief and format of the contest record', async ({ page, request }) => {
  const contest = (await (await request.get('/api/contests/1/')).json()) as Contest;
  await page.goto('/hbada-synergy');
  await expect(page.getByRole('heading', { level: 1, name: 'Hbada Synergy' })).toBeVisible();
  await expect(page.getByText(contest.tagline, { exact: true })).toBeVisible();
  const facts = page.locator('dl').first();
  await expect(facts.getByText(contestDate(contest.starts_at, contest.timezone))).toBeVisible();
  await expect(facts.getByText(contestDate(contest.application_deadline, contest.timezone))).toBeVisible();
  await expect(facts.getByText(contestDate(contest.submission_deadline, contest.timezone))).toBeVisible();
  await expect(facts.getByText(`${contest.prize.toLocaleString('en-US')} USD`)).toBeVisible();
  await expect(page.getByText(contest.brief)).toBeVisible();
  const format = page.getByRole('heading', { name: 'Format' }).locator('..');
  for (const line of contest.requirements)
    await expect(format.getByText(line, { exact: true })).toBeVisible();
});

test('/hbada-synergy has the Zen (X7), Zone (E3) and Zoom (P2) concepts with theme galleries', async ({
  page,
}) => {
  await page.goto('/hbada-synergy');
  for (const [concept, chair] of [
    ['Zen', 'X7 SMART'],
    ['Zone', 'E3 PRO'],
    ['Zoom', 'P2 ERGONOMIC'],
  ]) {
    const article = page.getByRole('article', { name: concept });
    await expect(article.getByRole('heading', { level: 3, name: concept })).toBeVisible();
    await expect(article.getByRole('img', { name: `${chair} chair` })).toBeVisible();
    await expect(article.getByRole('list', { name: `${concept} themes` }).getByRole('listitem')).toHaveCount(
      5,
    );
  }
  const gallery = page.getByTestId('theme-gallery-zen');
  expect(await gallery.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await gallery.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
});

test('the guidelines video loads only near the viewport, with its poster and captions', async ({ page }) => {
  await page.goto('/hbada-synergy');
  const video = page.getByLabel('Guidelines video');
  await expect(video).toHaveAttribute('poster', '/showcase/guidelines.jpg');
  await expect(video).toHaveAttribute('preload', 'metadata');
  expect(await video.getAttribute('src')).toBeNull();
  await video.scrollIntoViewIfNeeded();
  await expect(video).toHaveAttribute('src', '/showcase/guidelines.mp4');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
  await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
});

test('the fixed Apply to Compete button stays in view and opens the wizard of contest 1', async ({
  page,
}) => {
  await page.goto('/hbada-synergy');
  const apply = page.getByRole('link', { name: 'Apply to Compete' });
  await expect(apply).toBeInViewport();
  await page.mouse.wheel(0, 2500);
  await expect(apply).toBeInViewport();
  await apply.click();
  await expect(page).toHaveURL(/\/contests\/1\/apply$/);
});
