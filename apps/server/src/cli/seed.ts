import { configOrExit } from '../config/env';
import { openRuntime } from '../bootstrap';
import { seedIfEmpty } from '../db/seed/index';
import { seedDemoWorld } from '../db/seed/demo-world';
import { createAccessTokens } from '../plugins/auth';

/** `npm run seed [-- --demo]`: the base data on an empty database; --demo adds sample content. */
async function main(): Promise<void> {
  const config = configOrExit();
  const runtime = await openRuntime(
    { ...config, LOG_LEVEL: 'warn' },
    { share: false, migrate: true, queue: false },
  );
  try {
    const seeded = await seedIfEmpty({ ...runtime, database: runtime.db.handle });
    process.stdout.write(
      seeded ? 'Seeded the base data.\n' : 'The database already has data; base seed skipped.\n',
    );
    if (process.argv.includes('--demo')) {
      const tokens = createAccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL);
      const { accounts, videos } = await seedDemoWorld({ ...runtime, database: runtime.db.handle, tokens });
      process.stdout.write(
        accounts
          ? `Demo accounts (also in ${config.DATA_DIR}/demo-accounts.txt):\n${accounts
              .map((a) => `  ${a.role.padEnd(8)} ${a.email}  ${a.password}\n           ${a.sees}`)
              .join('\n')}\n`
          : 'Demo accounts: already there.\n',
      );
      process.stdout.write(
        videos ? `Demo content: ${videos} sample videos made with ffmpeg.\n` : 'Demo videos: none made.\n',
      );
    }
  } finally {
    await runtime.close();
  }
}

void main();
