import { parseArgs } from 'node:util';
import { required, runBackupCommand } from './backup-command';
import { restoreBackup, restoreUsage } from './restore-run';

/**
 * `npm run restore -- --from DIR`: a backup made by `npm run backup`, checked file by file, into
 * an empty database and data folder (see restore-run.ts).
 */
void runBackupCommand(
  restoreUsage,
  (argv) => {
    const { values } = parseArgs({ args: argv, options: { from: { type: 'string' } }, strict: true });
    return { from: required(values.from, 'from') };
  },
  (config, _log, options) => restoreBackup(config, options),
);
