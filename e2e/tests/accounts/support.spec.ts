import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';

test('createVerifiedUser + signIn put a usable session in the browser', async ({ page }) => {
  const user = await createVerifiedUser({ role: 'brand', company: 'Acme Films' });
  const session = await signIn(page, user);
  expect(session.user).toMatchObject({ email: user.email, role: 'brand' });
  await page.goto('/');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
  expect(stored).toMatchObject({ user: { id: user.id, role: 'brand' } });
  // The tokens are not in storage (issue 18 M3): the refresh token is an HttpOnly cookie.
  expect(stored.access).toBeUndefined();
  expect(stored.refresh).toBeUndefined();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ httpOnly: true });
  const me = await page.evaluate(async (access) => {
    const res = await fetch('/api/accounts/me/', { headers: { Authorization: `Bearer ${access}` } });
    return res.status;
  }, session.access);
  expect(me).toBe(200);
});
