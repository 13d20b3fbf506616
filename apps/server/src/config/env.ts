import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CONVERSATION_LIMITS, UPLOAD_QUOTAS } from '@app/domain';

const durationSeconds = z.coerce.number().int().positive();
const optionalUrl = z.url().optional();

/** One IP address or CIDR block: `10.0.0.5`, `10.0.1.0/24`, `fd00::/8`. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * The load balancer's addresses. A hop count or `true` would take the address a client writes
 * into X-Forwarded-For from whoever connects, so any client could pick the address every
 * per-client rate limit counts: only named addresses are trusted.
 */
const proxyAddresses = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .refine((entries) => entries.every(isAddressOrCidr), {
    message:
      "must list the load balancer's addresses or CIDRs, comma-separated (e.g. 10.0.0.5,10.0.1.0/24), " +
      'not a hop count or true',
  });

/** Every setting of the platform, read from the environment once (README, deploy/env.example). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cinematic Contests <no-reply@localhost>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Seals payees' taxpayer ids at rest (issue 31); generated into DATA_DIR when unset. */
  PAYEE_DATA_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: durationSeconds.default(15 * 60),
  REFRESH_TOKEN_TTL: durationSeconds.default(14 * 24 * 3600),
  VERIFY_TOKEN_TTL: durationSeconds.default(3 * 24 * 3600),
  RESET_TOKEN_TTL: durationSeconds.default(3600),
  CORS_ORIGINS: z.string().optional(),
  /**
   * Seconds a client may take to send its request headers, and the window in which a request body
   * must keep arriving (at least 16 KiB each): slow-on-purpose clients are cut off.
   */
  SLOW_CLIENT_TIMEOUT: durationSeconds.default(20),
  COMMUNITY_URL: z.url().default('https://discord.com/'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  WORKERS: z.enum(['true', 'false', '1', '0']).default('true'),
  /**
   * Seconds after which a running job whose process stopped renewing its lease (killed, hung) is
   * failed and retried by pg-boss, from any process that works jobs (jobs/queue.ts).
   */
  JOB_LEASE_SECONDS: durationSeconds.default(60),
  /**
   * Seconds a conversation's e-mail digest waits after the first message it reports (issue 49:
   * one digest per thread per recipient per 10 minutes); tests shorten it.
   */
  MESSAGE_DIGEST_SECONDS: durationSeconds.default(CONVERSATION_LIMITS.digestMinutes * 60),
  /**
   * Seconds a contest's computed insights are reused by the process that computed them (issue 33:
   * a dashboard's numbers may be that old; 0 computes every request).
   */
  INSIGHTS_CACHE_SECONDS: z.coerce.number().int().nonnegative().default(15),
  /** Per-creator upload quotas and the disk reserve (defaults: UPLOAD_QUOTAS in the domain). */
  UPLOAD_MAX_STORED_BYTES: z.coerce.number().int().nonnegative().default(UPLOAD_QUOTAS.maxStoredBytes),
  UPLOAD_MAX_VIDEOS_PER_DAY: z.coerce.number().int().nonnegative().default(UPLOAD_QUOTAS.maxVideosPerDay),
  UPLOAD_MAX_CONCURRENT: z.coerce.number().int().nonnegative().default(UPLOAD_QUOTAS.maxConcurrentUploads),
  UPLOAD_MAX_PROCESSING: z.coerce.number().int().nonnegative().default(UPLOAD_QUOTAS.maxProcessing),
  UPLOAD_MIN_FREE_DISK_BYTES: z.coerce.number().int().nonnegative().default(UPLOAD_QUOTAS.minFreeDiskBytes),
  /**
   * Behind a load balancer: its addresses/CIDRs, comma-separated; X-Forwarded-For is read only on
   * connections from them. Unset: the socket peer is the client, so nobody can spoof their address
   * to dodge per-client rate limits.
   */
  TRUST_PROXY: proxyAddresses.optional(),
  /**
   * The bearer token Prometheus scrapes GET /metrics with; unset, /metrics answers 404 and no
   * request is measured.
   */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * A worker-only process serves no app: with METRICS_TOKEN set, it answers GET /metrics on this
   * port of HOST (9464: Prometheus exporters' usual port).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Where the built web app is served from (default: apps/web/dist). */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Config extends Omit<RawEnv, 'PUBLIC_URL' | 'JWT_SECRET' | 'PAYEE_DATA_KEY' | 'WORKERS'> {
  PUBLIC_URL: string;
  JWT_SECRET: string;
  PAYEE_DATA_KEY: string;
  DATA_DIR: string;
  WORKERS: boolean;
  corsOrigins: string[];
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. Throws a ConfigError whose message is one line naming
 * the variable and what is wrong with it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${describe(issue)}`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    JWT_SECRET: raw.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    PAYEE_DATA_KEY: raw.PAYEE_DATA_KEY ?? persistedSecret(dataDir, 'payee-data-key'),
    WORKERS: raw.WORKERS === 'true' || raw.WORKERS === '1',
    corsOrigins: (raw.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return 'is missing or has the wrong type';
  if (issue.code === 'invalid_value' && 'values' in issue) return `must be one of ${issue.values.join(', ')}`;
  if (issue.code === 'invalid_format' && issue.format === 'url') return 'must be a URL';
  return issue.message.replace(/^Invalid input: /, '').replace(/^Too small: expected/, 'expected');
}

/**
 * A secret generated on first start and kept in DATA_DIR (`name`): restarts keep sessions valid
 * (jwt-secret) and sealed data readable (payee-data-key). Processes on other machines get the
 * variable instead.
 */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Reads the configuration or exits with one line that names the variable and the problem. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
