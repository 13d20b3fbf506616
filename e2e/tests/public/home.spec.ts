import { expect, test, type Locator } from '@playwright/test';
import { appReady } from '../../support/app-ready';

const scrollLeft = (locator: Locator) => locator.evaluate((el) => el.scrollLeft);

test('the home page has its banner video, the sections of spec §1 and one h1', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const banner = page.locator('section[aria-labelledby="hero-title"] video');
  await expect(banner).toHaveAttribute('poster', '/showcase/hero.jpg');
  await expect(banner).toHaveAttribute('preload', 'metadata');
  expect(await banner.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
  for (const title of [
    'Brands our creators have filmed for',
    'A stage for filmmakers, funded by brands',
    "From the brand's brief to your graded film",
    'How It Works',
    'Films that won their brief',
    'Filmmakers lifting filmmakers',
    'Why creators apply',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  const how = page.getByRole('region', { name: "From the brand's brief to your graded film" });
  await expect(how.getByText('creative direction: concept, style and the challenge')).toBeVisible();
  await expect(how.getByText('receive the product and the brief by e-mail and SMS')).toBeVisible();
  await expect(how.getByText('edit and colour-grade the video')).toBeVisible();
});

test('the logo strip shows 9 brand logos, moving, and stands still under reduced motion', async ({
  page,
}) => {
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Brands our creators have filmed for' });
  // The second copy that makes the loop seamless is hidden from assistive technology.
  await expect(strip.getByRole('img')).toHaveCount(9);
  const track = page.getByTestId('logo-strip-track');
  expect(await track.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
});

test('How It Works: six steps in order and the sign-up call to action', async ({ page }) => {
  await page.goto('/');
  const block = page.getByRole('region', { name: 'How It Works' });
  await expect(block.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText([
    'Create your profile',
    'Browse videos',
    'Submit your work',
    'Get recognized',
    'Win prizes',
    'Grow your career',
  ]);
  await block.getByRole('link', { name: 'Sign up now' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the winners carousel drifts, pauses on hover and while a film plays in the overlay', async ({
  page,
}) => {
  await page.goto('/');
  const carousel = page.getByTestId('winners-carousel');
  await carousel.scrollIntoViewIfNeeded();
  // It drifts once the page has hydrated (later on a busy machine): wait for the movement itself.
  const start = await scrollLeft(carousel);
  await expect.poll(() => scrollLeft(carousel), { timeout: 15_000 }).toBeGreaterThan(start + 5);

  await carousel.hover();
  await expect(carousel).toHaveAttribute('data-running', 'false');
  const hovered = await scrollLeft(carousel);
  await page.waitForTimeout(500);
  expect(await scrollLeft(carousel)).toBe(hovered);

  // The showcase films, or the demo world's real winners once its finished contest is published
  // (two of them, repeated until the row can drift): the first card either way.
  const card = carousel.getByRole('button', { name: /^Play / }).first();
  const title = (await card.getAttribute('aria-label')) ?? (await card.innerText()).replace(/^Play\s*/, '');
  await card.click();
  const dialog = page.getByRole('dialog', { name: title.replace(/^Play\s*/, '').trim() });
  await expect(dialog).toBeVisible();
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', /\.mp4/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  // The pointer is now over the dialog, not the carousel: the overlay alone keeps it still.
  const duringOverlay = await scrollLeft(carousel);
  await page.waitForTimeout(500);
  expect(await scrollLeft(carousel)).toBe(duringOverlay);
  await dialog.getByRole('button', { name: 'Close video' }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the card that opened the film.
  await expect(card).toBeFocused();
  await page.mouse.move(0, 0);
  await expect(carousel).toHaveAttribute('data-running', 'true');
  const resumed = await scrollLeft(carousel);
  await expect.poll(() => scrollLeft(carousel)).toBeGreaterThan(resumed);
});

test('under reduced motion the banner is its still poster, though the prerendered page starts the clip', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const banner = page.locator('section[aria-labelledby="hero-title"] video');
  await expect(banner).toHaveAttribute('poster', '/showcase/hero.jpg');
  // Once the scripts run, nothing plays: no source, paused, nothing loaded (the poster shows).
  await expect(banner).not.toHaveAttribute('src');
  await expect
    .poll(() => banner.evaluate((v: HTMLVideoElement) => v.paused && v.networkState === v.NETWORK_EMPTY))
    .toBe(true);
});

test('under reduced motion the winners carousel does not move', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const carousel = page.getByTestId('winners-carousel');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute('data-running', 'false');
  await page.waitForTimeout(500);
  expect(await scrollLeft(carousel)).toBe(0);
});

test('the community board scrolls 600 px per button press, in about 400 ms', async ({ page }) => {
  await page.goto('/');
  // The prerendered buttons look ready before the scripts run.
  await appReady(page);
  const board = page.getByTestId('community-board');
  await board.scrollIntoViewIfNeeded();
  await expect(board.getByRole('listitem')).toHaveCount(8);
  await expect(board.getByText('@marcuslee.film')).toBeVisible();
  const left = page.getByRole('button', { name: 'Scroll the community board left' });
  const right = page.getByRole('button', { name: 'Scroll the community board right' });
  await expect(left).toBeDisabled();
  await expect(right).toBeEnabled();
  // Press the button and sample the position on every frame, in the page (no test-runner latency).
  const samples = await board.evaluate(async (el) => {
    const button = document.querySelector<HTMLButtonElement>(
      '[aria-label="Scroll the community board right"]',
    )!;
    const start = performance.now();
    button.click();
    const out: [number, number][] = [];
    while (performance.now() - start < 800) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      out.push([performance.now() - start, el.scrollLeft]);
    }
    return out;
  });
  const arrived = samples.find(([, x]) => x === 600);
  expect(arrived, JSON.stringify(samples)).toBeDefined();
  // It took about 400 ms to get there, through intermediate positions.
  expect(arrived![0]).toBeGreaterThanOrEqual(380);
  expect(samples.some(([t, x]) => t < 380 && x > 0 && x < 600)).toBe(true);
  expect(await scrollLeft(board)).toBe(600);
  await expect(left).toBeEnabled();
  await left.click();
  await expect.poll(() => scrollLeft(board), { timeout: 2000 }).toBe(0);
});

test('the community link is the configured COMMUNITY_URL', async ({ page, request }) => {
  const config = (await (await request.get('/api/config/')).json()) as { community_url: string };
  await page.goto('/');
  const link = page.getByRole('link', { name: /Join the chat community/ });
  await expect(link).toHaveAttribute('href', config.community_url);
  await expect(link).toHaveAttribute('target', '_blank');
});
