/**
 * The extended benchmark's data (issue 19), made with set-based SQL (generate_series INSERT …
 * SELECT) so a million videos take minutes: creators with profiles, approved videos with their
 * search documents, videos waiting for review, contests with products, one contest's applications,
 * entries with a version each, a staff account and a contest with 10 units for the application race.
 * The schema comes from the app's migrations (the server is started once on the database first).
 */

/** How much to seed; QUICK is the smoke run's size. */
export interface SeedSize {
  videos: number;
  creators: number;
  contests: number;
  /** All in the first bench contest (its applications list). */
  applications: number;
  /** 1,000 per contest in the first contests (the first is the judged one). */
  entries: number;
  /** Videos waiting for review (the staff queue), part of `videos`. */
  pending: number;
}

export const FULL: SeedSize = {
  videos: 1_000_000,
  creators: 100_000,
  contests: 200,
  applications: 50_000,
  entries: 5_000,
  pending: 10_000,
};
export const QUICK: SeedSize = {
  videos: 20_000,
  creators: 5_000,
  contests: 20,
  applications: 4_000,
  entries: 2_000,
  pending: 2_000,
};
/** The embedded default's library: what a newcomer runs. */
export const PGLITE: SeedSize = {
  videos: 10_000,
  creators: 500,
  contests: 2,
  applications: 0,
  entries: 0,
  pending: 0,
};

export type Exec = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export const TERMS = { common: 'cinematic', rare: 'zephyr', zero: 'xylophonequartz' } as const;
export const RACE_UNITS = 10;
export const STAFF_EMAIL = 'bench-staff@example.com';

/** What the run needs to know about the seeded rows. */
export interface Seeded {
  /** A creator with videos, applications and an entry (the dashboard, /me). */
  creatorId: number;
  staffId: number;
  /** The contest with `applications` applications and 1,000 entries. */
  contestId: number;
  /** The insights contest (`INSIGHTS`: 50,000 applications, 5,000 entries, 10 million plays). */
  insightsContestId: number;
  /** The contest whose one product has RACE_UNITS units, and the product. */
  raceContestId: number;
  raceProductId: number;
  /** Creators that have not applied anywhere (the race's 200). */
  raceCreatorIds: number[];
  /** An approved video (the video page). */
  videoId: number;
}

const log = (line: string) => console.log(`[bench seed] ${line}`);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The marker row written last: a database with the same size is reused as it is. */
async function seededSize(exec: Exec): Promise<string | null> {
  await exec('create table if not exists bench_meta (key text primary key, value text not null)');
  const { rows } = await exec(`select value from bench_meta where key = 'size'`);
  return (rows[0]?.value as string | undefined) ?? null;
}

/** Seeds once per size; returns the ids the run uses. */
export async function seedBench(exec: Exec, size: SeedSize): Promise<Seeded> {
  const wanted = JSON.stringify(size);
  const have = await seededSize(exec);
  if (have !== wanted) {
    if (have) throw new Error(`the bench database holds another size (${have}); drop it first`);
    const started = Date.now();
    await seedAll(exec, size);
    await exec(`insert into bench_meta (key, value) values ('size', $1)`, [wanted]);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    log(`reusing the seeded database (${wanted})`);
  }
  await step(exec, 'judging_scores', `${JUDGES} judges`, () => seedScores(exec));
  await step(exec, 'insights_contest', JSON.stringify(INSIGHTS), () => seedInsights(exec));
  return ids(exec);
}

/**
 * The insights contest (issue 33), whatever the seed's size: `bench-insights` with its own
 * applicants (a fifth selected, half of those shipped), entries (each with a video of its own),
 * every judge's score of half of them, and plays recorded as the beacons leave them — aggregates
 * per video per day over 30 days and per-video totals, never raw beacons.
 */
export const INSIGHTS = { applications: 50_000, entries: 5_000, plays: 10_000_000, days: 30 } as const;

async function seedInsights(exec: Exec): Promise<void> {
  const { applications, entries, plays, days } = INSIGHTS;
  await exec(
    `insert into contests (slug, title, tagline, description, brand_id, prize_cents, eligibility, timezone,
       starts_at, application_deadline, submission_deadline, judging_starts_at, judging_ends_at, winners_at,
       publication_status, rubric)
     select 'bench-insights', 'Bench insights contest', tagline, description, brand_id, prize_cents, eligibility,
       timezone, now() - interval '40 days', now() - interval '30 days', now() + interval '5 days',
       now() + interval '6 days', now() + interval '20 days', now() + interval '21 days', 'published', rubric
     from contests where id = 1`,
  );
  await exec(
    `insert into contest_products (contest_id, product_id, position)
     select c.id, cp.product_id, cp.position from contests c join contest_products cp on cp.contest_id = 1
     where c.slug = 'bench-insights'`,
  );
  await exec(
    `insert into users (email, role, is_active, first_name, last_name)
     select 'bench-applicant-' || g || '@example.com', 'creator', true, 'Applicant', 'No ' || g
     from generate_series(1, $1::int) g`,
    [applications],
  );
  await exec(
    `insert into applications (contest_id, user_id, product_id, status, full_name, email, shipping_address,
       terms_accepted_at, shipped_at, created_at)
     select c.id, u.id, (select product_id from contest_products where contest_id = c.id order by position limit 1),
       case when u.n <= $1::int then 'selected' else (array['pending','declined'])[1 + u.n % 2] end,
       'Applicant ' || u.n, u.email, '{"line1":"1 Elm St","city":"Austin","country":"US"}'::jsonb,
       now() - interval '35 days', case when u.n <= $1::int / 2 then now() - interval '25 days' end,
       now() - interval '38 days' + (u.n || ' seconds')::interval
     from contests c,
       (select id, email, row_number() over (order by id) as n from users
        where email like 'bench-applicant-%') u
     where c.slug = 'bench-insights'`,
    [entries * 2],
  );
  // The first `entries` applicants entered, over the last 25 days, each with a video of their own.
  await exec(
    `insert into videos (owner_id, title, original_key, original_type, size_bytes, status, processing_stage,
       processing_percent, review_status, duration_seconds, created_at)
     select u.id, 'Insights film ' || u.n, 'videos/bench-insights-' || u.n || '/original.mp4', 'video/mp4', 1000,
       'ready', 'done', 100, 'approved', 60, now() - interval '25 days' + (u.n * 400 || ' seconds')::interval
     from (select id, row_number() over (order by id) as n from users where email like 'bench-applicant-%') u
     where u.n <= $1::int`,
    [entries],
  );
  await exec(
    `insert into contest_entries (contest_id, user_id, status, created_at)
     select c.id, v.owner_id, (array['in_review','checked','scored','scored','paid'])[1 + v.id % 5], v.created_at
     from contests c, videos v where c.slug = 'bench-insights' and v.original_key like 'videos/bench-insights-%'`,
  );
  await exec(
    `insert into entry_versions (entry_id, version, video_id, created_at)
     select e.id, 1, v.id, v.created_at from contest_entries e
     join contests c on c.id = e.contest_id and c.slug = 'bench-insights'
     join videos v on v.owner_id = e.user_id and v.original_key like 'videos/bench-insights-%'`,
  );
  await exec(
    `insert into entry_scores (entry_id, version, judge_id, scores, weighted_total)
     select e.id, 1, u.id, '[]'::jsonb, 500
     from contest_entries e join contests c on c.id = e.contest_id and c.slug = 'bench-insights'
     join users u on u.email like 'bench-judge-%'
     where e.id % 2 = 0`,
  );
  // Plays: each video's share of \`plays\` (uneven: some films are watched far more), spread over
  // \`days\` days; viewers 80 % of plays; each tenth reached by fewer viewers.
  await exec(
    `insert into play_days (video_id, day, plays, viewers, reached)
     select v.id, (now() - (d || ' days')::interval)::date, p.plays, p.viewers,
       array(select (p.viewers * power(0.92, t))::int from generate_series(0, 10) t)
     from videos v
     cross join generate_series(0, $2::int - 1) d
     cross join lateral (
       select round($1::numeric * (1 + (v.id % 7)) / (4 * $3::int * $2::int))::int as plays
     ) q
     cross join lateral (select q.plays as plays, (q.plays * 0.8)::int as viewers) p
     where v.original_key like 'videos/bench-insights-%'`,
    [plays, days, entries],
  );
  await exec(
    `insert into play_totals (video_id, plays, viewers, reached)
     select video_id, sum(plays), sum(viewers),
       array(select sum(r[t])::int from play_days pd2, lateral (select pd2.reached as r) x, generate_series(1, 11) t
             where pd2.video_id = pd.video_id group by t order by t)
     from play_days pd
     where video_id in (select id from videos where original_key like 'videos/bench-insights-%')
     group by video_id`,
  );
  await exec('analyze');
}

/** Judges scoring every entry of `bench-contest-1` (the ranking of 1,000 entries × 5 judges). */
export const JUDGES = 5;

/**
 * A step added after the first seed: run once, keyed in `bench_meta`, so a database already seeded
 * at its size gets it without being seeded again.
 */
async function step(exec: Exec, key: string, value: string, work: () => Promise<unknown>): Promise<void> {
  const { rows } = await exec('select value from bench_meta where key = $1', [key]);
  if (rows[0]?.value === value) return;
  await timed(`${key} (${value})`, work);
  await exec(
    `insert into bench_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    [key, value],
  );
}

/**
 * JUDGES staff accounts (judges of every contest), each scoring the newest version of every entry
 * of `bench-contest-1` on the contest's rubric: marks 1–10 spread over the entries and judges, the
 * weighted total as the app computes it (Σ mark × weight), a line of feedback.
 */
async function seedScores(exec: Exec): Promise<void> {
  await exec(
    `insert into users (email, role, is_active, first_name, last_name)
     select 'bench-judge-' || j || '@example.com', 'staff', true, 'Judge', 'Bench ' || j
     from generate_series(1, $1::int) j
     on conflict do nothing`,
    [JUDGES],
  );
  await exec(
    `insert into entry_scores (entry_id, version, judge_id, scores, weighted_total, feedback)
     select e.id, v.version, u.id, s.scores, s.total, 'Strong light; the product could be seen longer.'
     from contests c
     join contest_entries e on e.contest_id = c.id
     join lateral (select max(version) as version from entry_versions where entry_id = e.id) v on v.version is not null
     join users u on u.email like 'bench-judge-%'
     cross join lateral (
       select jsonb_agg(jsonb_build_object('criterion', r.item ->> 'name', 'score', m.mark) order by r.n) as scores,
         sum(m.mark * (r.item ->> 'weight')::int)::int as total
       from jsonb_array_elements(c.rubric) with ordinality as r(item, n)
       cross join lateral (select 1 + (e.id * 7 + u.id * 3 + r.n::int * 5) % 10 as mark) m
     ) s
     where c.slug = 'bench-contest-1' and jsonb_array_length(c.rubric) > 0
     on conflict (entry_id, judge_id) do nothing`,
  );
  await exec('analyze entry_scores');
}

async function seedAll(exec: Exec, size: SeedSize): Promise<void> {
  await timed(`${size.creators} creators`, async () => {
    await exec(
      `insert into users (email, role, is_active, first_name, last_name)
       select 'bench-creator-' || g || '@example.com', 'creator', true,
         (array['Ava','Liam','Noor','Kenji','Maya','Tomas','Ines','Ravi','Zoe','Omar'])[1 + g % 10],
         (array['Hart','Okafor','Lindqvist','Sato','Moreau','Haddad','Novak','Reyes','Kim','Berg'])[1 + (g / 10) % 10] || g
       from generate_series(1, $1::int) g`,
      [size.creators],
    );
    await exec(
      `insert into creator_profiles (user_id, country, shipping_address_line1, shipping_city,
         shipping_state, shipping_postal_code, shipping_country)
       select id, 'US', id || ' Elm St', 'Austin', 'TX', '78701', 'US'
       from users where email like 'bench-creator-%'`,
    );
    await exec(
      `insert into users (email, role, is_active, first_name, last_name)
       values ($1, 'staff', true, 'Bench', 'Staff')`,
      [STAFF_EMAIL],
    );
  });

  await timed(`${size.contests} contests (+ the race contest)`, async () => {
    // Copies of the seeded contest 1 (every column but id and slug), open for applications.
    const { rows } = await exec(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'contests' and column_name not in ('id', 'slug')
       order by ordinal_position`,
    );
    const columns = rows.map((r) => `"${String(r.column_name)}"`);
    const dated: Record<string, string> = {
      '"starts_at"': `now() - interval '10 days'`,
      '"application_deadline"': `now() + interval '20 days'`,
      '"submission_deadline"': `now() + interval '40 days'`,
      '"judging_starts_at"': `now() + interval '41 days'`,
      '"judging_ends_at"': `now() + interval '50 days'`,
      '"winners_at"': `now() + interval '51 days'`,
      '"title"': `'Bench contest ' || g`,
      '"publication_status"': `'published'`,
    };
    const values = columns.map((column) => dated[column] ?? `c.${column}`);
    await exec(
      `insert into contests (slug, ${columns.join(', ')})
       select 'bench-contest-' || g, ${values.join(', ')}
       from contests c, generate_series(0, $1::int) g where c.id = 1`,
      [size.contests],
    );
    // Contests 1..n offer the seeded contest's products; contest 0 is the race's, with its own product.
    await exec(
      `insert into contest_products (contest_id, product_id, position)
       select bc.id, cp.product_id, cp.position
       from contests bc join contest_products cp on cp.contest_id = 1
       where bc.slug like 'bench-contest-%' and bc.slug <> 'bench-contest-0'`,
    );
    await exec(
      `insert into products (brand_id, code, name, description, stock_quantity)
       select brand_id, 'BENCH-RACE', 'Bench race chair', 'Ten units for two hundred creators', $1
       from contests where id = 1`,
      [RACE_UNITS],
    );
    await exec(
      `insert into contest_products (contest_id, product_id, position)
       select c.id, p.id, 0 from contests c, products p
       where c.slug = 'bench-contest-0' and p.code = 'BENCH-RACE'`,
    );
  });

  await timed(`${size.videos} videos (${size.pending} waiting for review) with search documents`, () =>
    seedVideos(exec, size),
  );

  if (size.applications) {
    await timed(`${size.applications} applications to one contest`, () =>
      exec(
        `insert into applications (contest_id, user_id, product_id, status, full_name, email, bio,
           shipping_address, terms_accepted_at, created_at)
         select bc.id, u.id, (select product_id from contest_products where contest_id = bc.id order by position limit 1),
           (array['pending','pending','pending','selected','declined'])[1 + u.id % 5],
           u.first_name || ' ' || u.last_name, u.email, 'Filmmaker number ' || u.id,
           jsonb_build_object('line1', u.id || ' Elm St', 'line2', '', 'city', 'Austin', 'state', 'TX',
             'postal', '78701', 'country', 'US'),
           now() - interval '5 days', now() - (u.id || ' seconds')::interval
         from contests bc,
           (select id, first_name, last_name, email from users where email like 'bench-creator-%'
            order by id limit $1::int) u
         where bc.slug = 'bench-contest-1'`,
        [size.applications],
      ),
    );
  }

  if (size.entries) {
    await timed(`${size.entries} entries with one version each`, async () => {
      // 1,000 creators per contest, in contests bench-contest-1, -2, …; each version is one of
      // the creator's own videos (the k-th for contest k, so no video is entered twice).
      await exec(
        `insert into contest_entries (contest_id, user_id, status)
         select bc.id, u.id, (array['checked','in_review','scored'])[1 + u.id % 3]
         from (select id from users where email like 'bench-creator-%' order by id limit 1000) u
         join generate_series(1, $1::int) k on true
         join contests bc on bc.slug = 'bench-contest-' || k`,
        [Math.ceil(size.entries / 1000)],
      );
      await exec(
        `insert into entry_versions (entry_id, version, video_id)
         select e.id, 1, v.id
         from contest_entries e
         join contests bc on bc.id = e.contest_id
         cross join lateral (
           select id from videos where owner_id = e.user_id
           order by created_at, id offset (substring(bc.slug from 15)::int - 1) limit 1
         ) v`,
      );
    });
  }

  await timed('analyze', () => exec('analyze'));
}

/**
 * Videos and their search documents in one INSERT … SELECT, with the table's secondary indexes
 * dropped during the load and built again after it (much faster than maintaining them row by row).
 * The document is the app's own (`refreshSearchVectors`): title A, brand and creator name B,
 * description C. 'cinematic' is in every description (common), 'zephyr' in one title in 10,000 (rare).
 */
async function seedVideos(exec: Exec, size: SeedSize): Promise<void> {
  const { rows: indexes } = await exec(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = 'videos' and indexname <> 'videos_pkey'
       and indexdef not like 'CREATE UNIQUE%'`,
  );
  for (const index of indexes) await exec(`drop index "${String(index.indexname)}"`);
  const pendingEvery = size.pending ? Math.floor(size.videos / size.pending) : 0;
  await exec(
    `with creators as (
       select array_agg(id order by id) ids, count(*)::int n from users where email like 'bench-creator-%'
     ), brand as (
       select b.name from brands b join contests c on c.brand_id = b.id where c.id = 1
     ), rows as (
       select g, c.ids[1 + g % c.n] as owner_id,
         (array['Golden','Midnight','Quiet','Electric','Velvet','Northern','Urban','Silent','Amber','Neon'])[1 + g % 10] || ' ' ||
         (array['chair','studio','desk','morning','skyline','workflow','portrait','journey','focus','light'])[1 + (g / 10) % 10] || ' ' ||
         (array['reveal','story','study','cut','loop','session','film','promo','teaser','edit'])[1 + (g / 100) % 10] ||
         case when g % 10000 = 0 then ' zephyr' else '' end as title,
         'A cinematic ' || (array['product','brand','lifestyle','documentary','studio'])[1 + g % 5] ||
         ' video number ' || g || ' shot handheld with natural light.' as description,
         $2::int > 0 and g % greatest($2::int, 1) = 7 as pending
       from generate_series(1, $1::int) g, creators c
     )
     insert into videos (owner_id, title, description, contest_id, contest_brand_id, original_key, original_type, size_bytes,
                         poster_key, preview_key, status, processing_stage, processing_percent,
                         duration_seconds, width, height, video_codec,
                         review_status, is_approved, approved_at, search_vector, created_at)
     select r.owner_id, r.title, r.description,
       case when r.g % 3 = 0 then 1 else null end,
       case when r.g % 3 = 0 then (select brand_id from contests where id = 1) else null end,
       'videos/bench-' || r.g || '/original.mp4', 'video/mp4', 1000000 + r.g,
       'videos/bench-' || r.g || '/poster.jpg', 'videos/bench-' || r.g || '/preview.mp4', 'ready', 'done', 100,
       60 + r.g % 30, 1920, 1080, 'h264',
       case when r.pending then 'pending' else 'approved' end, not r.pending,
       case when r.pending then null else now() end,
       setweight(to_tsvector('simple', r.title), 'A') ||
       setweight(to_tsvector('simple', case when r.g % 3 = 0 then (select name from brand) else '' end), 'B') ||
       setweight(to_tsvector('simple', u.first_name || ' ' || u.last_name), 'B') ||
       setweight(to_tsvector('simple', r.description), 'C'),
       now() - (r.g || ' minutes')::interval
     from rows r join users u on u.id = r.owner_id`,
    [size.videos, pendingEvery],
  );
  for (const index of indexes) {
    await timed(`index ${String(index.indexname)}`, () =>
      exec(`set maintenance_work_mem = '256MB'; ${String(index.indexdef)}`),
    );
  }
}

async function ids(exec: Exec): Promise<Seeded> {
  const one = async (text: string) => Number((await exec(text)).rows[0]?.id);
  const contestId = await one(`select id from contests where slug = 'bench-contest-1'`);
  const raceContestId = await one(`select id from contests where slug = 'bench-contest-0'`);
  const { rows: race } = await exec(
    `select id from users u where email like 'bench-creator-%'
     and not exists (select 1 from applications a where a.user_id = u.id)
     order by id desc limit 200`,
  );
  return {
    creatorId: await one(`select min(id) as id from users where email like 'bench-creator-%'`),
    staffId: await one(`select id from users where email = '${STAFF_EMAIL}'`),
    contestId,
    insightsContestId: await one(`select id from contests where slug = 'bench-insights'`),
    raceContestId,
    raceProductId: await one(`select id from products where code = 'BENCH-RACE'`),
    raceCreatorIds: race.map((r) => Number(r.id)),
    videoId: await one(`select max(id) as id from videos where is_approved`),
  };
}

/** Before each race: the race contest open, its product back to RACE_UNITS, no application. */
export async function resetRace(exec: Exec, seeded: Seeded): Promise<void> {
  await exec('delete from applications where contest_id = $1', [seeded.raceContestId]);
  await exec('update products set stock_quantity = $1 where id = $2', [RACE_UNITS, seeded.raceProductId]);
  await exec(
    `update contests set starts_at = now() - interval '10 days', application_deadline = now() + interval '20 days',
       submission_deadline = now() + interval '40 days', judging_starts_at = now() + interval '41 days',
       judging_ends_at = now() + interval '50 days', winners_at = now() + interval '51 days'
     where id = $1`,
    [seeded.raceContestId],
  );
}
