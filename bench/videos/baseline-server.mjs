// The baseline: node:http + pg running the app's own SQL (handed over by run.ts in BENCH_QUERIES,
// taken from the app's query builders) for each scenario, with no framework around it.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
/** { list, common, rare, zero }: { name, sql, params }, prepared under the app's statement name */
const queries = JSON.parse(process.env.BENCH_QUERIES ?? '{}');

http
  .createServer(async (req, res) => {
    const query = queries[req.url.slice(1)];
    if (!query) {
      res.writeHead(404);
      res.end();
      return;
    }
    try {
      // Array rows as drizzle reads them (the statement repeats names such as id and title).
      const { rows, fields } = await pool.query({
        name: query.name,
        text: query.sql,
        values: query.params,
        rowMode: 'array',
      });
      const names = fields.map((field, i) =>
        fields.findIndex((f) => f.name === field.name) === i ? field.name : `${field.name}_${i}`,
      );
      const results = rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ count: Number(results[0]?.total ?? 0), results }));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
