import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config/env';
import { createLogger } from '../lib/logger';
import { BackupRefusal } from './backup-manifest';

/**
 * Stands in for JWT_SECRET and PAYEE_DATA_KEY: backup and restore sign and unseal nothing, and
 * without a value loadConfig would generate both keys into DATA_DIR, into the very folder a
 * restore must find empty (and a backup would then copy keys made a moment ago).
 */
const UNUSED_KEY = 'not-used-by-backup-or-restore-0123456789';

/** A command line that does not say what to do: the usage is printed, exit 2. */
export class UsageError extends Error {}

/** The value of a required `--name` option. */
export function required(value: string | undefined, name: string): string {
  if (!value?.trim()) throw new UsageError(`--${name} is required.`);
  return value;
}

/**
 * Runs `npm run backup` / `npm run restore`: reads the arguments first (`readArgs` throws on a
 * mistake: the usage is printed, exit 2, nothing touched), then the configuration (a bad value:
 * one line, exit 1), and prints what `run` returns. A refusal or failure prints one line, exit 1.
 */
export async function runBackupCommand<A>(
  usage: string,
  readArgs: (argv: string[]) => A,
  run: (config: Config, log: Logger, args: A) => Promise<string>,
): Promise<void> {
  let args: A;
  try {
    args = readArgs(process.argv.slice(2));
  } catch (error) {
    // parseArgs throws a TypeError (code ERR_PARSE_ARGS_…) for an unknown or malformed option.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}\n`);
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig({
      ...process.env,
      JWT_SECRET: UNUSED_KEY,
      PAYEE_DATA_KEY: UNUSED_KEY,
      LOG_LEVEL: 'warn',
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  try {
    process.stdout.write(`${await run(config, createLogger(config), args)}\n`);
  } catch (error) {
    // A refusal is worded for the operator; anything else (a full disk, a lost connection) is
    // reported by its own message, in one line too.
    process.stderr.write(`${error instanceof BackupRefusal ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
