import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { z } from 'zod';
import type { InjectOptions } from 'fastify';
import { authorizationMatrix, type MatrixRequest } from './authorization-matrix';
import { createTestContext, type TestContext } from './helper';
import { ACTORS, createWorld, type Actor, type World } from './world';
import { objectStreamPdf, RELEASE_PDF } from './paperwork-files';
import type { RouteTableEntry } from '../src/plugins/route-table';

/**
 * Property-based fuzzing (fast-check) of every route that takes a JSON body, a query string, path
 * parameters or a multipart body, built from the route's zod schemas (`app.routeTable[i].schema`)
 * and its valid request in the authorization matrix: thousands of bad bodies, query strings,
 * parameters and headers, sent as the actor the matrix allows (so they reach the handler).
 *
 * For every answer: no status ≥ 500; an error answer carries no stack trace or internal detail
 * (file paths, SQL, driver or ORM error text); and a refused request (status ≥ 400) writes nothing
 * (row counts of every table unchanged; the rate-limit table `throttles` excepted, which counts
 * refused attempts on purpose). Bounded: FUZZ_RUNS cases per route (default below), seeded so a
 * failure can be replayed (FUZZ_SEED).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 120);
/** The whole run's time budget; each route gets its share, and stops early when it is spent. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 45_000);
/**
 * Cases every route sends whatever its share of the budget (issue 30): a route is never skipped
 * for time, and a route that sent fewer (a case generator that cannot run) fails the suite.
 */
const MIN_CASES_PER_ROUTE = Number(process.env.FUZZ_MIN_CASES ?? 8);

/**
 * Writes a refused request makes on purpose: a refresh token used a second time (stolen, or
 * replayed) is refused with 401 and ends every session of its family (refresh_tokens rows revoked);
 * a multipart upload holds a slot among its creator's uploads at once while its body is read (an
 * upload_slots row, deleted when the request ends, refused or not); a resumable upload refused
 * when its last bytes arrive gives its slot back; a submission the technical check refuses is
 * recorded for staff (entry_qc_refusals).
 */
const WRITES_ON_REFUSAL: Record<string, string[]> = {
  // A submission the technical check's gate refuses (422 qc_failed) is held for staff (issue 51).
  'POST /api/contests/:id/entries/': ['entry_qc_refusals'],
  'POST /api/token/refresh/': ['refresh_tokens'],
  'POST /api/videos/upload/': ['upload_slots'],
  'POST /api/videos/uploads/': ['upload_slots'],
  'PATCH /api/videos/uploads/:id': ['upload_slots'],
};
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Text that must never appear in an error answer. */
const INTERNALS: RegExp[] = [
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /\/work\/|\/home\/|\/tmp\//,
  /\.[cm]?[jt]s:\d+/,
  /drizzle/i,
  /\bpglite\b/i,
  /\bpg(-boss)?\b.*error/i,
  /syntax error|violates|duplicate key|relation "|column "|invalid input syntax|unsupported Unicode/i,
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set)\b/i,
  /ECONNREFUSED|ETIMEDOUT|EPIPE/,
  /TypeError|ReferenceError|RangeError|SyntaxError:/,
];

/** Values of the wrong kind, edge values and hostile strings. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uFFFF',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '${jndi:ldap://x}',
    ' ',
    '',
    'null',
    '-1',
    '1e309',
    '9'.repeat(40),
  ),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 2 ** 31, -(2 ** 53), 1e308, 0.5, [], {}, [null], { a: 1 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 60 }),
);

/** The top-level property names a zod object schema declares (empty when it is not an object). */
function propertiesOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' });
    return Object.keys((json as { properties?: object }).properties ?? {});
  } catch {
    return [];
  }
}

/** Valid body → bad bodies: fields replaced, removed, added; the whole body replaced. */
function badBodies(valid: Record<string, unknown>, fields: string[]): fc.Arbitrary<unknown> {
  const keys = [...new Set([...fields, ...Object.keys(valid)])];
  const known = keys.length ? fc.constantFrom(...keys) : fc.constant('x');
  return fc.oneof(
    fc
      .array(fc.tuple(known, hostileValue), { minLength: 1, maxLength: 4 })
      .map((changes) => ({ ...valid, ...Object.fromEntries(changes) })),
    fc
      .subarray(keys)
      .map((drop) => Object.fromEntries(Object.entries(valid).filter(([k]) => !drop.includes(k)))),
    fc
      .dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor')),
        hostileValue,
        {
          maxKeys: 5,
        },
      )
      .map((extra) => ({ ...valid, ...extra })),
    fc.jsonValue({ maxDepth: 4 }),
    hostileValue,
  );
}

type Raw = { payload: string | Buffer; contentType: string };
const rawBodies: fc.Arbitrary<Raw> = fc.oneof(
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, contentType: 'application/json' })),
  fc.constantFrom(
    { payload: '{"a":', contentType: 'application/json' },
    { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
    { payload: '['.repeat(5000), contentType: 'application/json' },
    { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'hello', contentType: 'text/plain' },
    { payload: '<x/>', contentType: 'application/xml' },
    {
      payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
      contentType: 'multipart/form-data; boundary=b',
    },
    { payload: '{}', contentType: 'multipart/form-data' },
    { payload: '{}', contentType: 'application/json; charset=utf-16' },
  ),
  fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'application/octet-stream' })),
);

/** Hostile headers sent beside the actor's own. */
const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 999.999.1.1', ''),
    'accept-language': fc.string({ maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    // Another site's request (the play beacons take the site's own only).
    origin: fc.constantFrom('null', 'https://elsewhere.example', 'http://localhost:3000', ''),
    'sec-fetch-site': fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'bogus'),
    range: fc.constantFrom(
      'bytes=0-',
      'bytes=-1',
      'bytes=99999999999-',
      'bytes=5-1',
      'items=0-1',
      'bytes=0-1,2-3',
    ),
    cookie: fc.constantFrom('csrftoken=', 'csrftoken=%00', 'a=b; csrftoken=x'.repeat(20), 'refresh=garbage'),
    'x-csrftoken': fc.constantFrom('x', 'proof-suite-csrf-token-0123456789abcdef', 'a'.repeat(200)),
    'tus-resumable': fc.constantFrom('1.0.0', '0.2', ''),
    'upload-length': fc.constantFrom('-1', '0', '1', 'NaN', '1e20', '999999999999999999999'),
    'upload-offset': fc.constantFrom('-1', '0', 'abc', '99999999999'),
    'upload-metadata': fc.constantFrom('filename', 'filename !!!', 'title ' + 'A'.repeat(5000), 'x y z'),
  },
  { requiredKeys: [] },
);

/** Authorization headers that must be refused cleanly (401), never crash. */
const badAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIn0.eyJpZCI6MSwicm9sZSI6InN0YWZmIn0.',
    'Basic YWRtaW46YWRtaW4=',
    'bearer ' + 'x'.repeat(9000),
  ),
  fc.string({ maxLength: 60 }).map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}`),
);

/** Replaces each :param of a pattern with a hostile segment. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    'abc',
    '1.5',
    '99999999999999999999',
    '%00',
    '%2e%2e',
    'null',
    '1%20OR%201=1',
    'é',
  ),
  fc.string({ maxLength: 20 }).map((s) => encode(s) || 'x'),
);

function multipartOf(
  parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>,
) {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Release files (issue 31): PDFs made of syntax that readers and the release check parse (names
 * with `#` escapes, dictionaries, strings, object streams, Flate data, a decompression bomb) and
 * hostile text, beside plain and scripted ones.
 */
const pdfSyntax = fc.oneof(
  hostileString,
  fc.constantFrom(
    '<<',
    '>>',
    '[',
    ']',
    '(',
    ')',
    '\\',
    '%',
    '<4a53>',
    '1 0 obj',
    'endobj',
    'stream\n',
    'stream\r\n',
    'endstream',
    '/J#61vaScript',
    '/JS',
    '/#',
    '/#4',
    '/Type /ObjStm',
    '/N 1',
    '/First 4',
    '/Filter /FlateDecode',
    '/Filter [/FlateDecode /FlateDecode]',
    '/Filter /ASCIIHexDecode',
    '/DecodeParms << /Predictor 12 >>',
    '/Filter 5 0 R',
    '/OpenAction',
    '<<'.repeat(80),
  ),
);
const flateBomb = deflateSync(Buffer.alloc(33 << 20));
const releaseFiles: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(RELEASE_PDF, objectStreamPdf(), objectStreamPdf('/OpenAction << /S /JavaScript >> ')),
  fc
    .tuple(
      fc.array(pdfSyntax, { maxLength: 24 }),
      fc.oneof(
        fc
          .array(pdfSyntax, { maxLength: 8 })
          .map((packed) => deflateSync(Buffer.from(packed.join(' '), 'latin1'))),
        fc.constant(flateBomb),
      ),
    )
    .map(([tokens, data]) =>
      Buffer.concat([
        Buffer.from(`%PDF-1.5\n${tokens.join(' ')}\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
      ]),
    ),
);

/** Multipart bodies: hostile fields and files, truncated at any byte, broken boundaries. */
function badMultipart(
  fieldNames: string[],
  fileField: string,
  world: World,
  sample: NonNullable<(typeof MULTIPART)[string]['sample']> = {
    fields: { title: 'Fuzz' },
    files: fc.constant(world.clip),
  },
): fc.Arbitrary<Raw> {
  const part = fc.record({
    name: fc.oneof(fc.constantFrom(...fieldNames, fileField), fc.string({ maxLength: 10 })),
    value: fc.oneof(
      hostileString,
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    ),
    filename: fc.option(fc.constantFrom('clip.mp4', 'a.vtt', '../../x', 'a\u0000.mp4', ''), {
      nil: undefined,
    }),
    type: fc.option(fc.constantFrom('video/mp4', 'text/vtt', 'image/png', 'application/x-evil', ''), {
      nil: undefined,
    }),
  });
  const body = fc.array(part, { maxLength: 6 }).map((parts) => multipartOf(parts));
  const withClip = sample.files.map((bytes) =>
    multipartOf([
      ...Object.entries(sample.fields).map(([name, value]) => ({ name, value })),
      { name: fileField, value: bytes, filename: 'clip.mp4', type: 'video/mp4' },
    ]),
  );
  return fc.oneof(
    body,
    fc
      .tuple(fc.oneof(body, withClip), fc.double({ min: 0, max: 0.999, noNaN: true }))
      .map(([whole, cut]) => ({
        payload: (whole.payload as Buffer).subarray(0, Math.floor((whole.payload as Buffer).length * cut)),
        contentType: whole.contentType,
      })),
    body.map((whole) => ({ ...whole, contentType: 'multipart/form-data; boundary=other' })),
    body.map((whole) => ({ ...whole, contentType: 'multipart/form-data' })),
  );
}

/**
 * Multipart routes: the file field and the text fields they read; a route taking files other than
 * videos names a sample of them, and the fields sent beside one.
 */
const MULTIPART: Record<
  string,
  { file: string; fields: string[]; sample?: { fields: Record<string, string>; files: fc.Arbitrary<Buffer> } }
> = {
  'POST /api/videos/upload/': { file: 'video', fields: ['title', 'description', 'contest_id'] },
  'POST /api/videos/videos/:id/captions/': { file: 'file', fields: ['language', 'label'] },
  'POST /api/contests/images/': { file: 'image', fields: [] },
  'POST /api/entries/:id/releases/': {
    file: 'file',
    fields: ['kind'],
    sample: { fields: { kind: 'talent' }, files: releaseFiles },
  },
  'PATCH /api/accounts/auth/creator-profile/': {
    file: 'avatar',
    fields: ['name', 'email', 'bio', 'phone', 'gender', 'address', 'website', 'portfolio_url'],
  },
};

describe('fuzzing every JSON and multipart endpoint from its schema (issue 18)', () => {
  let ctx: TestContext;
  let world: World;
  let jwks: http.Server;
  beforeAll(async () => {
    jwks = http.createServer((_request, response) => response.end('{"keys":[]}'));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    // Google sign-in configured, against a key set with no keys: every token is refused.
    ctx = await createTestContext({
      // No background job may write while a refused request is checked for writes.
      WORKERS: 'false',
      GOOGLE_CLIENT_ID: 'proof-suite.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
    });
    world = await createWorld(ctx);
    await recordWrites(ctx);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    jwks?.close();
  });

  /** How many rows were written so far (test-only triggers, see recordWrites). */
  const writes = async () =>
    (await ctx.deps.database.query('select count(*)::int as n from proof_writes')).rows[0] as { n: number };

  it('answers thousands of hostile requests without a server error, a leak or a write', async () => {
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    let lastWrites: number | undefined;

    const send = async (route: RouteTableEntry, actor: Actor, options: InjectOptions, what: string) => {
      // Nothing else writes (WORKERS=false): the count after the last request is the one before this.
      const before = (lastWrites ??= (await writes()).n);
      const sentAt = Date.now();
      const res = await ctx.app.inject({
        ...options,
        method: route.method as InjectOptions['method'],
        headers: { ...(options.headers as Record<string, string>), ...world.headers(actor) },
        remoteAddress: world.fresh.ip(),
      });
      sent += 1;
      const problem = (text: string) =>
        failures.length < 40 &&
        failures.push(`${route.key} as ${actor} (${what}): ${text}\n  sent: ${preview(options)}`);
      if (res.statusCode >= 500) {
        serverErrors += 1;
        problem(`status ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      if (res.statusCode < 400) lastWrites = undefined;
      if (res.statusCode >= 400) {
        const leak = INTERNALS.find((pattern) => pattern.test(res.body));
        if (leak) problem(`internal detail (${leak}) in ${res.body.slice(0, 300)}`);
        const after = await writes();
        lastWrites = after.n;
        if (after.n !== before) {
          const { rows } = await ctx.deps.database.query(
            // In the order written: a heap scan gives each session's rows from its own page.
            'select table_name, op, row_id, xact_at, pid, statement from proof_writes order by seq offset $1',
            [before],
          );
          const allowed = WRITES_ON_REFUSAL[route.key] ?? [];
          const written = rows.filter((r) => !allowed.includes(String(r.table_name)));
          if (written.length) {
            // When the writing transaction began (before this request was sent: a late write of
            // an earlier one), its session and statement: enough to find the writer.
            const list = written.map(
              (r) =>
                `${String(r.op)} ${String(r.table_name)} ${String(r.row_id)} (transaction began ${
                  new Date(r.xact_at as Date | string).getTime() - sentAt
                } ms after this request was sent, session ${String(r.pid)}: ${String(r.statement).slice(0, 160)})`,
            );
            problem(`refused with ${res.statusCode} but wrote: ${list.join(', ')}`);
          }
        }
      }
      return res.statusCode;
    };

    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
    const targets = ctx.app.routeTable.filter(
      (route) =>
        // The API and the media paths (public files and the signed /media/s/ prefix, issue 30).
        (route.url.startsWith('/api/') || route.url.startsWith('/media')) &&
        !route.url.startsWith('/api/docs') &&
        (!only || only.test(route.key)),
    );
    const deadline = Date.now() + BUDGET_MS;
    for (const [index, route] of targets.entries()) {
      const row = authorizationMatrix[route.key];
      if (!row) continue;
      const actor = allowedActor(row.expect);
      const baseline: MatrixRequest = row.request ? await row.request(world, actor) : { url: route.url };
      lastWrites = undefined; // building the baseline may write (a sign-in for a refresh token)
      const [path, query = ''] = baseline.url.split('?');
      const params = route.url.match(/:\w+/g) ?? [];
      const bodySchema = route.schema?.body;
      const multipart = MULTIPART[route.key];
      const isTus = route.url.startsWith('/api/videos/uploads/');

      const cases: Array<fc.Arbitrary<{ options: InjectOptions; what: string }>> = [
        // Headers: hostile ones beside a valid request, and broken credentials.
        hostileHeaders.map((headers) => ({
          options: {
            url: baseline.url,
            payload: baseline.payload,
            headers: { ...baseline.headers, ...headers },
          },
          what: 'headers',
        })),
        // Query strings: the schema's keys and others, with hostile values, repeated keys.
        fc
          .array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom(...propertiesOf(route.schema?.querystring), 'page', 'token', 'q'),
                fc.string({ maxLength: 8 }),
              ),
              hostileString,
            ),
            { minLength: 1, maxLength: 5 },
          )
          .map((pairs) => ({
            options: {
              url: `${path}?${[query, ...pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`)].filter(Boolean).join('&')}`,
              payload: baseline.payload,
              headers: baseline.headers,
            },
            what: 'query',
          })),
      ];
      if (params.length) {
        cases.push(
          fc.array(hostileSegment, { minLength: params.length, maxLength: params.length }).map((segments) => {
            let url = route.url;
            params.forEach((param, i) => (url = url.replace(param, segments[i]!)));
            return { options: { url, payload: baseline.payload, headers: baseline.headers }, what: 'params' };
          }),
        );
      }
      if (bodySchema || (baseline.payload && !multipart && !isTus)) {
        const valid = isPlainObject(baseline.payload) ? baseline.payload : {};
        cases.push(
          badBodies(valid, propertiesOf(bodySchema)).map((payload) => ({
            options: {
              url: baseline.url,
              payload: JSON.stringify(payload),
              headers: { ...baseline.headers, 'content-type': 'application/json' },
            },
            what: 'json body',
          })),
          rawBodies.map(({ payload, contentType }) => ({
            options: {
              url: baseline.url,
              payload,
              headers: { ...baseline.headers, 'content-type': contentType },
            },
            what: 'raw body',
          })),
        );
      }
      if (multipart) {
        cases.push(
          badMultipart(multipart.fields, multipart.file, world, multipart.sample).map(
            ({ payload, contentType }) => ({
              options: {
                url: baseline.url,
                payload,
                headers: { ...baseline.headers, 'content-type': contentType },
              },
              what: 'multipart body',
            }),
          ),
        );
      }
      if (isTus && route.method === 'PATCH') {
        cases.push(
          fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({
            options: {
              url: baseline.url,
              payload: Buffer.from(bytes),
              headers: { ...baseline.headers, 'content-type': 'application/offset+octet-stream' },
            },
            what: 'tus bytes',
          })),
        );
      }
      if (actor !== 'anonymous') {
        cases.push(
          badAuthorization.map((authorization) => ({
            options: {
              url: baseline.url,
              payload: baseline.payload,
              headers: { ...baseline.headers, authorization },
            },
            what: 'authorization',
          })),
        );
      }

      // The bad credentials must be what the route sees: send those as anonymous.
      const started = Date.now();
      // This route's share of what is left of the budget; later cases are generated but not sent.
      // (fast-check's own interruptAfterTimeLimit would leave the last request running.)
      const routeDeadline = started + Math.max(200, (deadline - started) / (targets.length - index));
      let routeSent = 0;
      // Most cases go as the actor the route allows (so they reach the handler); one in four as
      // any actor (refused ones must not write or leak either).
      const caller = fc.oneof(
        { weight: 3, arbitrary: fc.constant(actor) },
        { weight: 1, arbitrary: fc.constantFrom(...ACTORS) },
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(...cases), caller, async ({ options, what }, someone) => {
          if (routeSent >= MIN_CASES_PER_ROUTE && Date.now() > routeDeadline) return;
          routeSent += 1;
          const as = what === 'authorization' ? 'anonymous' : someone;
          await send(route, as, options, what);
        }),
        {
          numRuns: route.key === 'POST /api/videos/upload/' ? Math.ceil(RUNS_PER_ROUTE / 3) : RUNS_PER_ROUTE,
          seed: SEED + index,
          endOnFailure: true,
        },
      );
      if (routeSent < MIN_CASES_PER_ROUTE)
        failures.push(`${route.key}: only ${routeSent} of ${MIN_CASES_PER_ROUTE} cases were sent`);
      if (process.env.FUZZ_VERBOSE)
        console.log(`${route.key}: ${routeSent} cases, ${Date.now() - started} ms`);
    }

    console.log(
      `fuzzing: ${sent.toLocaleString('en-US')} fuzzed requests over ${targets.length} routes, ${serverErrors} server errors, ${failures.length} problems`,
    );
    // The problems themselves as the message: what a cut CI log shows under npm test's summary.
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});

/**
 * Test-only: a row-level trigger on every table of the test database (the rate-limit table
 * `throttles` excepted: it counts refused attempts on purpose) logs each inserted, updated or
 * deleted row in `proof_writes`, in the writing transaction, so a rolled-back write leaves nothing.
 * One cheap count then tells whether a request wrote anything.
 */
async function recordWrites(ctx: TestContext): Promise<void> {
  await ctx.deps.database.query(`
    create table proof_writes (
      seq bigserial,
      table_name text not null, op text not null, row_id text,
      -- which transaction wrote, for a failure's message: when it began, its session, its statement
      xact_at timestamptz default transaction_timestamp(),
      pid int default pg_backend_pid(),
      statement text default current_query()
    );
    create function proof_log_write() returns trigger language plpgsql as $$
      begin
        insert into proof_writes (table_name, op, row_id)
          values (tg_table_name, tg_op, coalesce(to_jsonb(new), to_jsonb(old)) ->> 'id');
        return null;
      end $$;
    do $$ declare t text; begin
      for t in select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('throttles', 'proof_writes')
      loop
        execute format('create trigger proof_log_write after insert or update or delete on %I
          for each row execute function proof_log_write()', t);
      end loop;
    end $$;`);
}

/** The actor whose call the matrix expects to succeed (the owner first), else anonymous. */
function allowedActor(expectation: Record<string, number | undefined>): Actor {
  const order: Actor[] = ['creator', 'staff', 'brand', ...ACTORS];
  return order.find((actor) => (expectation[actor] ?? expectation.all ?? 500) < 400) ?? 'anonymous';
}

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD, never a throw). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Buffer.isBuffer(value) && !Array.isArray(value);
}

function preview(options: InjectOptions): string {
  const payload = options.payload;
  const body = Buffer.isBuffer(payload)
    ? payload.toString('latin1')
    : typeof payload === 'string'
      ? payload
      : JSON.stringify(payload ?? '');
  return `${options.url} ${JSON.stringify(options.headers ?? {}).slice(0, 200)} ${JSON.stringify(body.slice(0, 200))}`;
}
