import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { videos } from './videos';

/**
 * Play statistics (issue 33), kept as aggregates only: the player's beacons are counted into these
 * rows and not stored. `reached[t]` (t = 0…10, stored 1-based as PostgreSQL arrays are) counts the
 * viewer sessions that reached tenth t of the film; `reached[0]` equals `viewers`.
 */
const reached = () =>
  integer('reached')
    .array()
    .notNull()
    .default(sql`'{0,0,0,0,0,0,0,0,0,0,0}'::integer[]`);

/** One row per video per UTC day with any play. */
export const playDays = pgTable(
  'play_days',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Viewer sessions that sent a start that day (a replay in the same session is not another). */
    plays: integer('plays').notNull().default(0),
    /** Distinct viewer sessions that started the video that day. */
    viewers: integer('viewers').notNull().default(0),
    reached: reached(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day] }),
    check('play_days_reached_len', sql`cardinality(${t.reached}) = 11`),
  ],
);

/** The same numbers over all days, one row per video: what the insights read (no scan of days). */
export const playTotals = pgTable(
  'play_totals',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    plays: integer('plays').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    reached: reached(),
  },
  (t) => [check('play_totals_reached_len', sql`cardinality(${t.reached}) = 11`)],
);

/**
 * The deduplication marks: (video, session, day, tenth) seen today or yesterday. A mark is only
 * a key — no address, no time but the day — and marks older than yesterday are deleted, so the
 * table stays bounded by two days of viewing whatever the history (docs/spec-decisions.md).
 * Tenth −1 marks the session's play (its first `start`), 0…10 the tenths it reached.
 */
export const playMarks = pgTable(
  'play_marks',
  {
    videoId: integer('video_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    session: text('session').notNull(),
    tenth: smallint('tenth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day, t.session, t.tenth] })],
);

/**
 * The viewer sessions counted per client, video and UTC day (at most
 * `INSIGHTS_LIMITS.viewerSessionsPerClient`). `client` is an HMAC of the address with the day under
 * a server secret, so it cannot be turned back into the address nor matched across days; rows older
 * than yesterday are deleted with the marks.
 */
export const playClients = pgTable(
  'play_clients',
  {
    videoId: integer('video_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    client: text('client').notNull(),
    sessions: smallint('sessions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day, t.client] })],
);
