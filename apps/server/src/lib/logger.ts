import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/env';
import { requestIdLogField } from './request-context';
import { redactUrl } from './secret-urls';

/** The app's logger; `destination` (stdout by default) lets a test read the lines it writes. */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    // The id of the request (or of the job's queuing request) on every line: lib/request-context.ts.
    mixin: requestIdLogField,
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
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
