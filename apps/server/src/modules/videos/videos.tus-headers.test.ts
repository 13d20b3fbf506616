import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';

// L10 (issue 18): the tus endpoints answer with the API's headers, never a wildcard CORS.
describe('resumable upload endpoints: security headers and CORS', () => {
  let ctx: TestContext;
  let creator: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    creator = await createUser(ctx, { role: 'creator' });
  });
  afterAll(() => ctx.close());

  const SECURITY_HEADERS = [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ];

  it('answers every tus method with the same security headers as the rest of the API', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    const origin = { origin: 'https://evil.example' };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/uploads/',
      headers: {
        ...origin,
        ...creator.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `title ${Buffer.from('Clip').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const answers = [
      created,
      await ctx.app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...origin, ...creator.headers, 'tus-resumable': '1.0.0' },
      }),
      await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/videos/uploads/',
        headers: { ...origin, 'access-control-request-method': 'POST' },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/videos/uploads/',
        headers: { ...origin, 'tus-resumable': '1.0.0' },
      }),
    ];
    for (const res of answers) {
      for (const name of SECURITY_HEADERS)
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(api.headers[name]);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows only configured origins', async () => {
    const scoped = await createTestContext({ CORS_ORIGINS: 'https://studio.example.com' });
    try {
      const user = await createUser(scoped, { role: 'creator' });
      const ask = (origin: string) =>
        scoped.app.inject({
          method: 'POST',
          url: '/api/videos/uploads/',
          headers: {
            origin,
            ...user.headers,
            'tus-resumable': '1.0.0',
            'upload-length': '1000',
            'upload-metadata': `title ${Buffer.from('Clip').toString('base64')}`,
          },
        });
      expect((await ask('https://studio.example.com')).headers['access-control-allow-origin']).toBe(
        'https://studio.example.com',
      );
      expect((await ask('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();

      // The rest of the API: a configured origin's preflight is answered, with credentials.
      const preflight = (origin: string) =>
        scoped.app.inject({
          method: 'OPTIONS',
          url: '/api/accounts/auth/creator-profile/',
          headers: {
            origin,
            'access-control-request-method': 'PATCH',
            'access-control-request-headers': 'authorization,x-csrftoken',
          },
        });
      const allowed = await preflight('https://studio.example.com');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://studio.example.com');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      expect(allowed.headers['access-control-allow-methods']).toContain('PATCH');
      expect(allowed.headers['access-control-allow-headers']).toBe('authorization,x-csrftoken');
      expect(
        (await preflight('https://evil.example')).headers['access-control-allow-origin'],
      ).toBeUndefined();
      const read = await scoped.app.inject({
        url: '/api/health/',
        headers: { origin: 'https://studio.example.com' },
      });
      expect(read.headers['access-control-allow-origin']).toBe('https://studio.example.com');
      expect(read.headers.vary).toContain('Origin');
    } finally {
      await scoped.close();
    }
  });
});
