import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';

// M6 (issue 18): every text field is bounded, in the API (the spec's words) and in the database.
describe('text field limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const patchProfile = async (headers: Record<string, string>, payload: Record<string, string>) => {
    const get = await ctx.app.inject({ method: 'GET', url: '/api/accounts/auth/creator-profile/', headers });
    const csrf = get.cookies.find((c) => c.name === 'csrftoken')!.value;
    return ctx.app.inject({
      method: 'PATCH',
      url: '/api/accounts/auth/creator-profile/',
      headers: { ...headers, cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      payload,
    });
  };

  it('refuses a 200 KB name with 400 and the spec-style message, and stores nothing', async () => {
    const creator = await createUser(ctx, { firstName: 'Ada' });
    const res = await patchProfile(creator.headers, { name: 'N'.repeat(200 * 1024) });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toEqual([`Name must be at most ${FIELD_LIMITS.name} characters`]);
    const { rows } = await ctx.deps.database.query('select first_name from users where id = $1', [
      creator.id,
    ]);
    expect(rows[0]).toEqual({ first_name: 'Ada' });
    const longest = `Ada ${'L'.repeat(FIELD_LIMITS.name - 4)}`;
    const ok = await patchProfile(creator.headers, { name: longest });
    expect(ok.statusCode).toBe(200);
    // Read back: the longest name allowed is stored whole.
    const saved = await ctx.app.inject({
      method: 'GET',
      url: '/api/accounts/auth/creator-profile/',
      headers: creator.headers,
    });
    expect(saved.json().full_name).toBe(longest);
  });

  it('has the database refuse an over-long value written directly', async () => {
    const creator = await createUser(ctx);
    const writes: Array<[string, string]> = [
      ['update users set first_name = $2 where id = $1', 'x'.repeat(FIELD_LIMITS.name + 1)],
      ['update users set email = $2 where id = $1', `${'x'.repeat(FIELD_LIMITS.email)}@example.com`],
      ['update creator_profiles set bio = $2 where user_id = $1', 'x'.repeat(FIELD_LIMITS.bio + 1)],
      [
        'update creator_profiles set website = $2 where user_id = $1',
        'x'.repeat(FIELD_LIMITS.profileText + 1),
      ],
    ];
    for (const [statement, value] of writes) {
      await expect(ctx.deps.database.query(statement, [creator.id, value]), statement).rejects.toMatchObject({
        code: '23514',
      });
    }
    await expect(
      ctx.deps.database.query(
        `insert into videos (owner_id, title, original_key, original_type, size_bytes, status)
         values ($1, $2, 'k', 'video/mp4', 1, 'ready')`,
        [creator.id, 'T'.repeat(FIELD_LIMITS.videoTitle + 1)],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
