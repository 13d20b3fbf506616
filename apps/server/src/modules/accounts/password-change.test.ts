import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@app/domain';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { users } from '../../db/schema/index';
import { login } from './test-support';

// L5 (issue 18): a signed-in user changes their password with the current one; other sessions end.
describe('POST /api/accounts/auth/password/change/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const change = (access: string | undefined, payload: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/password/change/',
      headers: access ? { authorization: `Bearer ${access}` } : {},
      payload,
    });
  const me = (access: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: { authorization: `Bearer ${access}` },
    });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(ctx);
    const other = (await login(ctx, user.email, user.password)).json();
    const mine = (await login(ctx, user.email, user.password)).json();
    const res = await change(mine.access, {
      current_password: user.password,
      new_password1: 'Quiet-Harbour-Lights-8',
      new_password2: 'Quiet-Harbour-Lights-8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect((await me(mine.access)).statusCode).toBe(200);
    expect((await me(other.access)).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: other.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(401);
    expect((await login(ctx, user.email, 'Quiet-Harbour-Lights-8')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a short or mismatched new one, with field errors', async () => {
    const user = await createUser(ctx);
    const session = (await login(ctx, user.email, user.password)).json();
    const wrong = await change(session.access, {
      current_password: 'not-my-password',
      new_password1: 'Quiet-Harbour-Lights-8',
      new_password2: 'Quiet-Harbour-Lights-8',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().current_password).toEqual([ACCOUNT_MESSAGES.currentPasswordWrong]);
    const short = await change(session.access, {
      current_password: user.password,
      new_password1: 'Short-pw-1',
      new_password2: 'Short-pw-2',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().new_password1).toEqual([MESSAGES.password.tooShort]);
    expect(short.json().new_password2).toEqual([MESSAGES.registration.passwordsDoNotMatch]);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
  });

  it('is for signed-in users; an account without a password is told how to set one', async () => {
    expect(
      (await change(undefined, { current_password: 'x', new_password1: 'y', new_password2: 'y' })).statusCode,
    ).toBe(401);
    const user = await createUser(ctx);
    const session = (await login(ctx, user.email, user.password)).json();
    await ctx.deps.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const res = await change(session.access, {
      current_password: '',
      new_password1: 'Quiet-Harbour-Lights-8',
      new_password2: 'Quiet-Harbour-Lights-8',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().current_password).toEqual([ACCOUNT_MESSAGES.noPasswordYet]);
  });
});
