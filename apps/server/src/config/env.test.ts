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
  ])('rejects %s=%s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrowError(message);
  });

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://contests.example.com/' }).PUBLIC_URL).toBe(
      'https://contests.example.com',
    );
  });
});
