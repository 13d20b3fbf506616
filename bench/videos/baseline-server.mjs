// The baseline: node:http + pg running the same SQL as the app's list and search, no framework.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const columns = `v.id, v.owner_id, v.title, v.description, v.contest_id, c.title as contest_title, b.id as brand_id,
  b.name as brand_name, v.original_key, v.original_type, v.size_bytes, v.poster_key, v.preview_key, v.status,
  v.failure_reason, v.duration_seconds, v.width, v.height, v.video_codec, v.audio_codec, v.frame_rate,
  v.is_approved, v.views, v.likes, v.created_at, u.first_name, u.last_name, cp.user_id, cp.experience_level,
  cp.avatar_key, cp.country, cp.bio`;
const joins = `from videos v join users u on u.id = v.owner_id
  left join creator_profiles cp on cp.user_id = v.owner_id
  left join contests c on c.id = v.contest_id
  left join brands b on b.id = coalesce(v.brand_id, c.brand_id)`;
const LIST = `select ${columns} ${joins}
  join (select id as page_id from videos where is_approved = true
        order by created_at desc nulls last, id desc nulls last limit $1 offset $2) page on page.page_id = v.id
  order by v.created_at desc nulls last, v.id desc nulls last`;
const LIST_COUNT = 'select count(*) from videos where is_approved = true';
const SEARCH = `select ${columns} ${joins}
  where v.is_approved = true and v.search_vector @@ to_tsquery('simple', $3)
  order by ts_rank_cd(v.search_vector, to_tsquery('simple', $3)) desc, v.created_at desc nulls last, v.id desc nulls last
  limit $1 offset $2`;
const SEARCH_COUNT = `select count(*) from videos where is_approved = true and search_vector @@ to_tsquery('simple', $1)`;

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    try {
      let rows;
      let count;
      if (url.pathname === '/list') {
        [rows, count] = await Promise.all([pool.query(LIST, [24, 0]), pool.query(LIST_COUNT)]);
      } else {
        const q = url.searchParams.get('tsquery') ?? '';
        [rows, count] = await Promise.all([pool.query(SEARCH, [24, 0, q]), pool.query(SEARCH_COUNT, [q])]);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ count: Number(count.rows[0].count), results: rows.rows }));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
