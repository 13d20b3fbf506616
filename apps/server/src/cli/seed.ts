import { configOrExit } from '../config/env';
import { openRuntime } from '../bootstrap';
import { seedIfEmpty } from '../db/seed/index';
import { seedDemoVideos } from '../db/seed/demo-videos';

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
      const made = await seedDemoVideos({ ...runtime, database: runtime.db.handle });
      process.stdout.write(
        made
          ? `Demo content: ${made} approved sample videos made with ffmpeg.\n`
          : 'Demo content: already there.\n',
      );
    }
  } finally {
    await runtime.close();
  }
}

void main();
