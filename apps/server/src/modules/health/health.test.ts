import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

describe('GET /api/health/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 200 with the database status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
  });

  it("sends an API answer the API's security headers, and a page (the API's docs too) the page's", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    for (const url of ['/', '/api/docs/']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers a missing static file with 404, not the app page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health/');
  });
});

describe('GET /api/health/ with the database down', () => {
  it('answers 503', async () => {
    const ctx = await createTestContext();
    const ping = ctx.deps.database.ping;
    ctx.deps.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: { status: 'down' } });
    } finally {
      ctx.deps.database.ping = ping;
      await ctx.close();
    }
  });
});
