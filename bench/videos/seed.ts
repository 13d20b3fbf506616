/**
 * Seeds BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_videos, created if
 * missing) with 100,000 approved videos from 2,000 creators, then builds their search documents.
 * Words: 'cinematic' is in every description (common term), 'zephyr' in 10 videos (rare term).
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { openPostgres, migrateDatabase } from '../../apps/server/src/db/client';
import { seedIfEmpty } from '../../apps/server/src/db/seed/index';
import { nullQueue } from '../../apps/server/src/jobs/queue';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage';
import { refreshSearchVectors } from '../../apps/server/src/modules/videos/video-rows';

export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_videos';
const TOTAL = Number(process.env.BENCH_VIDEOS ?? 100_000);

export async function ensureBenchDatabase(): Promise<void> {
  const url = new URL(BENCH_DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

export async function seedBenchVideos(): Promise<void> {
  await ensureBenchDatabase();
  const handle = openPostgres(BENCH_DATABASE_URL);
  try {
    await migrateDatabase(handle);
    await seedIfEmpty({
      database: handle,
      log: pino({ level: 'silent' }),
      queue: nullQueue,
      // The seed stores no media; its pictures are public paths of the web app.
      storage: createLocalStorage(path.join(os.tmpdir(), 'bench-videos-media')),
    });
    const { rows } = await handle.query('select count(*)::int as n from videos');
    if (Number(rows[0]!.n) >= TOTAL) {
      console.log(`bench database already has ${rows[0]!.n} videos`);
      return;
    }
    const started = Date.now();
    await handle.query(`
      insert into users (email, role, is_active, first_name, last_name)
      select 'bench-creator-' || g || '@example.com', 'creator', true,
        (array['Ava','Liam','Noor','Kenji','Maya','Tomas','Ines','Ravi','Zoe','Omar'])[1 + g % 10],
        (array['Hart','Okafor','Lindqvist','Sato','Moreau','Haddad','Novak','Reyes','Kim','Berg'])[1 + (g / 10) % 10] || g
      from generate_series(1, 2000) g
      on conflict do nothing`);
    await handle.query(`
      insert into creator_profiles (user_id)
      select id from users where email like 'bench-creator-%'
      on conflict do nothing`);
    await handle.query(
      `
      with creators as (select array_agg(id order by id) ids from users where email like 'bench-creator-%')
      insert into videos (owner_id, title, description, contest_id, contest_brand_id, original_key, original_type, size_bytes,
                          poster_key, preview_key, status, duration_seconds, width, height, video_codec,
                          is_approved, approved_at, created_at)
      select c.ids[1 + g % 2000],
        (array['Golden','Midnight','Quiet','Electric','Velvet','Northern','Urban','Silent','Amber','Neon'])[1 + g % 10] || ' ' ||
        (array['chair','studio','desk','morning','skyline','workflow','portrait','journey','focus','light'])[1 + (g / 10) % 10] || ' ' ||
        (array['reveal','story','study','cut','loop','session','film','promo','teaser','edit'])[1 + (g / 100) % 10] ||
        case when g % 10000 = 0 then ' zephyr' else '' end,
        'A cinematic ' || (array['product','brand','lifestyle','documentary','studio'])[1 + g % 5] ||
        ' video number ' || g || ' shot handheld with natural light.',
        case when g % 3 = 0 then 1 else null end,
        case when g % 3 = 0 then (select brand_id from contests where id = 1) else null end,
        'videos/bench-' || g || '/original.mp4', 'video/mp4', 1000000 + g,
        'videos/bench-' || g || '/poster.jpg', 'videos/bench-' || g || '/preview.mp4', 'ready',
        60 + g % 30, 1920, 1080, 'h264', true, now(),
        now() - (g || ' minutes')::interval
      from generate_series(1, $1::int) g, creators c`,
      [TOTAL],
    );
    console.log(`inserted ${TOTAL} videos in ${Date.now() - started} ms`);
    const vectors = Date.now();
    await refreshSearchVectors(handle.db);
    console.log(`built search documents in ${Date.now() - vectors} ms`);
    await handle.query('vacuum analyze videos');
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seedBenchVideos().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
