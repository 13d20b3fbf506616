import { parseArgs } from 'node:util';
import { required, runBackupCommand } from './backup-command';
import { backupUsage, createBackup } from './backup-run';

/**
 * `npm run backup -- --to DIR [--with-keys]`: the database, the media and a manifest of their
 * SHA-256 hashes into a new or empty folder; the keys too only with --with-keys (see backup-run.ts).
 */
void runBackupCommand(
  backupUsage,
  (argv) => {
    const { values } = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, 'with-keys': { type: 'boolean' } },
      strict: true,
    });
    return { to: required(values.to, 'to'), withKeys: values['with-keys'] === true };
  },
  (config, log, options) => createBackup(config, log, options),
);
