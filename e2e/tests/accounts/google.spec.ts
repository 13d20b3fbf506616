import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../../support/accounts';
import { signGoogleIdToken } from '../../support/google';

/**
 * Google's own script cannot be reached from the test machine, so it is replaced by a tiny
 * stand-in with the same API that hands our callback an ID token signed by the run's local key
 * set, carrying the nonce the page gave `initialize` (as Google does). The token is made here, in
 * the test, for that nonce (a stand-in Google endpoint). Everything after that (the server's
 * JWKS and nonce checks, the account, the session) is real.
 */
async function stubGoogleIdentity(page: Page, credentialFor: (nonce: string) => string) {
  await page.route('https://accounts.google.com/e2e-token**', (route) => {
    const nonce = new URL(route.request().url()).searchParams.get('nonce') ?? '';
    return route.fulfill({
      contentType: 'text/plain',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: credentialFor(nonce),
    });
  });
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { id: {
        initialize(options) { window.__gsiOptions = options; },
        renderButton(element) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Continue with Google';
          button.onclick = async () => {
            const options = window.__gsiOptions;
            const url = 'https://accounts.google.com/e2e-token?nonce=' + encodeURIComponent(options.nonce || '');
            options.callback({ credential: await (await fetch(url)).text() });
          };
          element.appendChild(button);
        },
      } } };`,
    }),
  );
}

test('sign up with Google: a verified creator lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('google');
  await stubGoogleIdentity(page, (nonce) => signGoogleIdToken({ email, name: 'Gia Google', nonce }));
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/creator-dashboard$/);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
  expect(session.user).toMatchObject({ email, role: 'creator' });
});

test('a token from the wrong key is refused with the sign-up screen message', async ({ page }) => {
  await stubGoogleIdentity(page, (nonce) => {
    const [header, payload] = signGoogleIdToken({ email: uniqueEmail('forged'), nonce }).split('.');
    return `${header}.${payload}.${'A'.repeat(342)}`;
  });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Failed to sign in with google. Please try again.')).toBeVisible();
});
