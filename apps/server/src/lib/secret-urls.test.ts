import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { redactUrl } from './secret-urls';

describe('secret URLs never reach the logs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it.each([
    ['/api/accounts/auth/verify_email/MTI/abc-secret/', '/api/accounts/auth/verify_email/***/***/'],
    [
      '/api/accounts/auth/password/reset/confirm/MTI/abc-secret/',
      '/api/accounts/auth/password/reset/confirm/***/***/',
    ],
    ['/api/accounts/auth/confirm-email-change/abc.secret/', '/api/accounts/auth/confirm-email-change/***/'],
    ['/verify-email/MTI/abc-secret', '/verify-email/***/***'],
    ['/reset-password/MTI/abc-secret?x=1', '/reset-password/***/***?x=1'],
    ['/invitations/abc-secret', '/invitations/***'],
    ['/Invitations/abc-secret/', '/Invitations/***/'],
    ['/api/accounts/invitations/abc-secret/accept/', '/api/accounts/invitations/***/accept/'],
    ['/api/videos/search/?query=chair&token=abc', '/api/videos/search/?query=chair&token=***'],
  ])('masks %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/contests/1/products/')).toBe('/api/contests/1/products/');
  });
});
