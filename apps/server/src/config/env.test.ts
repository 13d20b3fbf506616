import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const base = { DATA_DIR: '/tmp/cc-env-test' };

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({ ...base });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    // Generated once, then kept: a restart keeps sessions valid.
    expect(loadConfig({ ...base }).JWT_SECRET).toBe(config.JWT_SECRET);
  });

  it.each([
    ['PORT', '70000', /^Invalid configuration: PORT /],
    ['PUBLIC_URL', 'not a url', /^Invalid configuration: PUBLIC_URL must be a URL$/],
    ['SMTP_URL', 'http://mail', /^Invalid configuration: SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL must be one of fatal, error/],
    ['JWT_SECRET', 'short', /^Invalid configuration: JWT_SECRET /],
    ['METRICS_TOKEN', 'short', /^Invalid configuration: METRICS_TOKEN must be at least 32 characters$/],
  ])('rejects %s=%s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrowError(message);
  });

  it.each([
    ['a hop count', '1'],
    ['true', 'true'],
    ['a host name', 'balancer.internal'],
    ['a list with an empty entry', '10.0.0.5,'],
    ['a CIDR with a prefix too long', '10.0.0.0/33'],
  ])('refuses TRUST_PROXY as %s with one line naming it', (_kind, value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrowError(
      /^Invalid configuration: TRUST_PROXY must list the load balancer's addresses or CIDRs, comma-separated/,
    );
  });

  it('reads TRUST_PROXY as the list of addresses and CIDRs the app trusts X-Forwarded-For from', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,fd00::/8,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      'fd00::/8',
      '::1',
    ]);
    expect(loadConfig({ ...base }).TRUST_PROXY).toBeUndefined();
  });

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://contests.example.com/' }).PUBLIC_URL).toBe(
      'https://contests.example.com',
    );
  });
});
