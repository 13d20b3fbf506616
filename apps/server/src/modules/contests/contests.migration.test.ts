import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SPEC } from '@app/domain';
import pino from 'pino';
import { migrateDatabase, type DatabaseHandle } from '../../db/client';
import { databaseMigratedTo } from '../../../test/migrated-database';
import { CHAIR_LANDING, CHAIR_VIDEO_REQUIREMENTS, CHAIRS } from '../../db/seed/chair-contest';
import { nullQueue } from '../../jobs/queue';
import { createLocalStorage } from '../../storage/local-storage';
import { createContestsService } from './contests.service';

describe('migration 0003 gives an existing chair contest its data', () => {
  let handle: DatabaseHandle;
  let cleanup = async () => {};

  beforeAll(async () => {
    ({ handle, close: cleanup } = await databaseMigratedTo('0002_video_counts'));
    // The chair contest as the seed of the first release wrote it.
    await handle.query(`
      insert into brands (id, name, slug, logo_url) values (1, 'Hbada', 'hbada', '/brands/hbada.svg');
      insert into contests (id, slug, title, brand_id, prize_cents, eligibility, requirements, starts_at,
        application_deadline, submission_deadline, judging_starts_at, judging_ends_at, winners_at)
      values (1, 'hbada-chair-contest', 'Hbada Synergy Chair Contest', 1, 500000,
        '{"country":"United States","minimumAge":18,"experience":"x"}', '["9:16 vertical video"]',
        now(), now() + interval '11 days', now() + interval '27 days', now() + interval '28 days',
        now() + interval '34 days', now() + interval '35 days');
      insert into products (id, brand_id, code, name, stock_quantity) values
        (1, 1, 'E3', 'E3 PRO', 12), (2, 1, 'X7', 'X7 SMART', 5), (3, 1, 'P2', 'P2 ERGONOMIC', 10);
      insert into contest_products (contest_id, product_id, position) values (1, 1, 0), (1, 2, 1), (1, 3, 2);
    `);
    await migrateDatabase(handle);
  }, 120_000);
  afterAll(() => cleanup());

  it('fills in the requirements, landing content, features, pictures and fallbacks the seed now writes', async () => {
    const contests = createContestsService({
      database: handle,
      log: pino({ level: 'silent' }),
      queue: nullQueue,
      storage: createLocalStorage(path.join(os.tmpdir(), 'cc-migration-media')),
    });
    const contest = await contests.getContest('1');
    // Read with the default delivery spec (issue 51), which the stored requirements do not name.
    expect(contest.video_requirements).toEqual({
      ...CHAIR_VIDEO_REQUIREMENTS,
      delivery: DEFAULT_DELIVERY_SPEC,
    });
    expect(contest.landing).toEqual(CHAIR_LANDING);
    expect(contest.products).toEqual(
      CHAIRS.map((chair, i) => ({
        id: i + 1,
        code: chair.code,
        name: chair.name,
        description: '',
        concept: chair.concept,
        features: chair.features,
        image_url: chair.image_url,
        fallback_status: chair.fallback_status,
      })),
    );
    // Live stock is left as it was.
    expect((await contests.listContestProducts('1')).map((p) => p.stock_quantity)).toEqual([12, 5, 10]);
  });
});

describe('migration 0034 gives every contest its film round (issue 47)', () => {
  let handle: DatabaseHandle;
  let cleanup = async () => {};

  beforeAll(async () => {
    ({ handle, close: cleanup } = await databaseMigratedTo('0033_licences'));
    await handle.query(`
      insert into brands (id, name, slug) values (1, 'Hbada', 'hbada');
      insert into contests (id, slug, title, brand_id, prize_cents, eligibility, starts_at,
        application_deadline, submission_deadline, judging_starts_at, judging_ends_at, winners_at, rubric)
      values (7, 'old-contest', 'Old contest', 1, 500000, '{"country":"US","minimumAge":18,"experience":""}',
        '2026-01-01T08:00:00Z', '2026-01-12T07:59:00Z', '2026-01-28T07:59:00Z', '2026-01-29T08:00:00Z',
        '2026-02-04T07:59:00Z', '2026-02-05T08:00:00Z', '[{"name":"Story","weight":100}]');
    `);
    await migrateDatabase(handle);
  }, 120_000);
  afterAll(() => cleanup());

  it('one film round on its timeline, for selected applicants, with its rubric', async () => {
    // Stored by the migration itself, not by the first read.
    const { rows } = await handle.query('select kind from contest_rounds where contest_id = 7');
    expect(rows).toEqual([{ kind: 'film' }]);
    const contests = createContestsService({
      database: handle,
      log: pino({ level: 'silent' }),
      queue: nullQueue,
      storage: createLocalStorage(path.join(os.tmpdir(), 'cc-migration-media')),
    });
    const rounds = await contests.listRounds('7');
    expect(rounds).toEqual([
      expect.objectContaining({
        position: 1,
        kind: 'film',
        title: 'Film',
        opens_at: '2026-01-01T08:00:00.000Z',
        closes_at: '2026-01-28T07:59:00.000Z',
        judging_ends_at: '2026-02-04T07:59:00.000Z',
        entry_policy: 'selected',
        allow_wildcards: false,
        rubric: [{ name: 'Story', weight: 100 }],
      }),
    ]);
  });
});

describe('migration 0038 puts every entry in its contest’s last round (issue 47)', () => {
  let handle: DatabaseHandle;
  let cleanup = async () => {};

  beforeAll(async () => {
    ({ handle, close: cleanup } = await databaseMigratedTo('0037_audience_award'));
    await handle.query(`
      insert into brands (id, name, slug) values (1, 'Hbada', 'hbada');
      insert into users (id, email, password_hash, role) values (5, 'c@example.com', 'x', 'creator');
      insert into contests (id, slug, title, brand_id, prize_cents, eligibility, starts_at,
        application_deadline, submission_deadline, judging_starts_at, judging_ends_at, winners_at)
      values
        (7, 'two-rounds', 'Two rounds', 1, 500000, '{"country":"US","minimumAge":18,"experience":""}',
        '2026-01-01T08:00:00Z', '2026-01-12T07:59:00Z', '2026-01-28T07:59:00Z', '2026-01-29T08:00:00Z',
        '2026-02-04T07:59:00Z', '2026-02-05T08:00:00Z'),
        (8, 'no-rounds', 'No rounds', 1, 500000, '{"country":"US","minimumAge":18,"experience":""}',
        '2026-01-01T08:00:00Z', '2026-01-12T07:59:00Z', '2026-01-28T07:59:00Z', '2026-01-29T08:00:00Z',
        '2026-02-04T07:59:00Z', '2026-02-05T08:00:00Z');
      delete from contest_rounds where contest_id in (7, 8);
      insert into contest_rounds (id, contest_id, position, kind, title, opens_at, closes_at, judging_ends_at, entry_policy)
      values (70, 7, 0, 'idea', 'Ideas', '2026-01-01T08:00:00Z', '2026-01-05T08:00:00Z', '2026-01-06T08:00:00Z', 'open'),
        (71, 7, 1, 'film', 'Films', '2026-01-07T08:00:00Z', '2026-01-28T07:59:00Z', '2026-02-04T07:59:00Z', 'advanced');
      insert into contest_entries (id, contest_id, user_id) values (1, 7, 5), (2, 8, 5);
    `);
    await migrateDatabase(handle);
  }, 120_000);
  afterAll(() => cleanup());

  it('backfills round_id (a contest without rounds gets its film round first); the column is NOT NULL', async () => {
    const { rows } = (await handle.query(
      `select e.id, e.round_id, r.kind from contest_entries e join contest_rounds r on r.id = e.round_id order by e.id`,
    )) as { rows: Array<{ id: number; round_id: number; kind: string }> };
    expect(rows.map((r) => [r.id, r.kind])).toEqual([
      [1, 'film'],
      [2, 'film'],
    ]);
    expect(rows[0]!.round_id).toBe(71);
    await expect(
      handle.query('insert into contest_entries (contest_id, user_id) values (7, 5)'),
    ).rejects.toThrow();
  });
});
