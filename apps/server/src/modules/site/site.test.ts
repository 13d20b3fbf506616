import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

describe('GET /api/config/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ COMMUNITY_URL: 'https://chat.example.com/join' });
  });
  afterAll(() => ctx.close());

  it('says Google sign-in is not configured and gives the community link', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google_client_id: null, community_url: 'https://chat.example.com/join' });
  });
});
