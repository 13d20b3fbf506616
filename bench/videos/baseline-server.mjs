// The baseline: node:http + pg running the app's own SQL for each scenario, with no framework
// around it. BENCH_QUERIES maps a path to either
//   { name, sql, params }: one statement taken from the app's query builders (bench/videos), or
//   { statements: [{ name?, text, values?, rowMode? }], auth?, answer? }: every statement the app
//     sent for one request, recorded from the app itself (bench/full/capture.ts), replayed in order
//     on one connection; with `auth`, the bearer token is verified first as the app does (HS256,
//     jose); with `answer` (a read the app answers from what it computed earlier), that answer is
//     written instead of the rows read.
import http from 'node:http';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const queries = JSON.parse(process.env.BENCH_QUERIES ?? '{}');
const key = new TextEncoder().encode(process.env.BENCH_JWT_SECRET ?? '');

/** Array rows as drizzle reads them (a statement may repeat names such as id and title). */
function objects({ rows, fields }) {
  const names = fields.map((field, i) =>
    fields.findIndex((f) => f.name === field.name) === i ? field.name : `${field.name}_${i}`,
  );
  return rows.map((row) =>
    Array.isArray(row) ? Object.fromEntries(names.map((name, i) => [name, row[i]])) : row,
  );
}

async function single(query) {
  const result = await pool.query({
    name: query.name,
    text: query.sql,
    values: query.params,
    rowMode: 'array',
  });
  const results = objects(result);
  return { count: Number(results[0]?.total ?? 0), results };
}

async function replay(query, req) {
  if (query.auth) {
    const header = req.headers.authorization ?? '';
    await jwtVerify(header.slice('Bearer '.length), key, {
      algorithms: ['HS256'],
      issuer: 'cinematic-contests',
      audience: 'access',
    });
  }
  const client = await pool.connect();
  try {
    const answers = [];
    for (const s of query.statements) {
      const result = await client.query({ name: s.name, text: s.text, values: s.values, rowMode: s.rowMode });
      answers.push(objects(result));
    }
    return answers;
  } finally {
    client.release();
  }
}

http
  .createServer(async (req, res) => {
    const query = queries[req.url.slice(1)];
    if (!query) {
      res.writeHead(404);
      res.end();
      return;
    }
    try {
      const body = query.statements ? await replay(query, req) : await single(query);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(query.answer ?? body));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
