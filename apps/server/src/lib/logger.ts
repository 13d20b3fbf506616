import pino, { type Logger } from 'pino';
import type { Config } from '../config/env';

/** Path segments that carry secrets (verification and reset tokens) are masked in logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/(verify_email|reset\/confirm|reset-password|verify-email)\/[^/?]+\/[^/?]+/g, '$1/***/***')
    .replace(/([?&](token|id_token|refresh)=)[^&]+/g, '$1***');
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refresh',
        '*.access',
        '*.token',
        '*.id_token',
      ],
      censor: '***',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
    },
    ...(config.NODE_ENV === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
