import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PAPERWORK_LIMITS,
  PAPERWORK_MESSAGES,
  UPLOAD_QUOTA_MESSAGES,
  type Release,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { objectStreamPdf } from '../../../test/paperwork-files';
import { multipartBody } from '../../../test/video-clips';
import { entryReleases } from '../../db/schema/index';
import { makeEntry, makeJudgingContest } from '../judging/test-support';
import { postRelease, RELEASE_PDF } from './test-support';

/** A PDF as pdfkit writes one: compressed page content, a font, and a PNG image (Flate-compressed). */
async function pdfkitRelease(png: Buffer): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.fontSize(18).text('Talent release');
  doc.fontSize(12).text('I agree to appear in this film and its advertising. Signed: Jordan Lee');
  doc.image(png, { width: 120 });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A PDF of one stream: `dictionary` (its length added) and its data as given. */
function pdfWithStream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`%PDF-1.5\n4 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

describe('release uploads are bounded: per entry and kind, per hour, by the storage quota (issue 31)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let png: Buffer;

  const db = () => ctx.deps.database.db;
  /** Every stored release file. */
  const releaseFiles = () => {
    try {
      return readdirSync(path.join(ctx.dataDir, 'media', 'private', 'releases')).sort();
    } catch {
      return [];
    }
  };
  const stored = async () => ({
    files: releaseFiles(),
    rows: (await db().select({ id: entryReleases.id }).from(entryReleases)).length,
  });
  /** A creator with an entry in a contest in judging, as a winner filing paperwork has. */
  const entrant = async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const { entryId } = await makeEntry(db(), await makeJudgingContest(db()), creator);
    return { creator, entryId };
  };

  beforeAll(async () => {
    ctx = await createTestContext({ UPLOAD_MIN_FREE_DISK_BYTES: '0' });
    staff = await createUser(ctx, { role: 'staff' });
    const { default: sharp } = await import('sharp');
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#F5B301' } })
      .png()
      .toBuffer();
  }, 120_000);
  afterAll(async () => ctx?.close());

  it(`an entry holds at most ${PAPERWORK_LIMITS.releasesPerKind} releases of a kind waiting or approved; a rejected one is replaced`, async () => {
    const { creator, entryId } = await entrant();
    const file = (kind: string) => postRelease(ctx.app, creator, entryId, { kind, bytes: RELEASE_PDF });
    const filed: Release[] = [];
    for (let i = 0; i < PAPERWORK_LIMITS.releasesPerKind; i++) {
      const res = await file('talent');
      expect(res.statusCode, res.body).toBe(201);
      filed.push(res.json<Release>());
    }
    const before = await stored();
    const over = await file('talent');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'conflict', detail: PAPERWORK_MESSAGES.releaseLimit });
    expect(await stored()).toEqual(before);

    // Other kinds have their own count; an approved release still counts.
    expect((await file('location')).statusCode).toBe(201);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/releases/${filed[0]!.id}/approve/`,
      headers: staff.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect((await file('talent')).statusCode).toBe(409);
    // A rejected release no longer counts: its replacement is filed, and then the kind is full again.
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/releases/${filed[1]!.id}/reject/`,
      payload: { reason: 'Unsigned.' },
      headers: staff.headers,
    });
    expect(rejected.statusCode).toBe(200);
    expect((await file('talent')).statusCode).toBe(201);
    expect((await file('talent')).statusCode).toBe(409);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/entries/${entryId}/releases/`,
      headers: creator.headers,
    });
    expect(list.json<Release[]>().filter((r) => r.kind === 'talent')).toHaveLength(
      PAPERWORK_LIMITS.releasesPerKind + 1,
    );
  });

  it('never takes more than the limit from uploads sent at once', async () => {
    const { creator, entryId } = await entrant();
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: PAPERWORK_LIMITS.releasesPerKind + 3 }, () =>
        postRelease(ctx.app, creator, entryId, { kind: 'music', bytes: RELEASE_PDF }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(PAPERWORK_LIMITS.releasesPerKind).fill(201), 409, 409, 409]);
    const after = await stored();
    expect(after.rows - before.rows).toBe(PAPERWORK_LIMITS.releasesPerKind);
    expect(after.files.length - before.files.length).toBe(PAPERWORK_LIMITS.releasesPerKind);
  });

  it(`takes at most ${PAPERWORK_LIMITS.releaseUploadsPerHour} uploads an hour from one creator (429, in every app process)`, async () => {
    const { creator, entryId } = await entrant();
    const { creator: other, entryId: otherEntry } = await entrant();
    const junk = Buffer.from('not a release');
    for (let i = 0; i < PAPERWORK_LIMITS.releaseUploadsPerHour; i++) {
      const res = await postRelease(ctx.app, creator, entryId, { kind: 'talent', bytes: junk });
      expect(res.statusCode).toBe(400);
    }
    // The counter is in the database: another app process refuses the next one too.
    const second = await ctx.anotherApp();
    try {
      const limited = await postRelease(second, creator, entryId, { kind: 'talent', bytes: RELEASE_PDF });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited', detail: MESSAGES.generic.rateLimited });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    const others = await postRelease(ctx.app, other, otherEntry, { kind: 'talent', bytes: RELEASE_PDF });
    expect(others.statusCode).toBe(201);
  });

  it("counts release files in the creator's storage quota: past it a release and a video upload are refused", async () => {
    const { creator, entryId } = await entrant();
    const quota = ctx.config.UPLOAD_MAX_STORED_BYTES;
    // The entry's video is 1000 bytes: room for two releases, not three.
    ctx.config.UPLOAD_MAX_STORED_BYTES = 1000 + Math.floor(2.5 * RELEASE_PDF.length);
    // A video upload of a release's size: within the quota beside the entry's video alone (it
    // then fails as no video), past it once the releases count too.
    const video = () => {
      const body = multipartBody(
        { title: 'Second film' },
        { filename: 'film.mp4', type: 'video/mp4', bytes: RELEASE_PDF },
      );
      return ctx.app.inject({
        method: 'POST',
        url: '/api/videos/upload/',
        payload: body.payload,
        headers: { ...body.headers, ...creator.headers },
      });
    };
    try {
      expect((await video()).json()).toMatchObject({ code: 'validation' });
      const file = () => postRelease(ctx.app, creator, entryId, { kind: 'other', bytes: RELEASE_PDF });
      expect((await file()).statusCode).toBe(201);
      expect((await file()).statusCode).toBe(201);
      const before = await stored();
      const refused = await file();
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({
        code: 'storage_quota_exceeded',
        detail: UPLOAD_QUOTA_MESSAGES.storage(0),
      });
      expect(await stored()).toEqual(before);
      const refusedVideo = await video();
      expect(refusedVideo.statusCode).toBe(413);
      expect(refusedVideo.json()).toMatchObject({
        code: 'storage_quota_exceeded',
        detail: UPLOAD_QUOTA_MESSAGES.storage(0),
      });
    } finally {
      ctx.config.UPLOAD_MAX_STORED_BYTES = quota;
    }
  });

  it('reads PDF names as readers do: escaped names and object streams are checked, ordinary PDFs pass', async () => {
    const { creator, entryId } = await entrant();
    const file = (bytes: Buffer) => postRelease(ctx.app, creator, entryId, { kind: 'other', bytes });
    const refusedAs = async (bytes: Buffer, detail: string) => {
      const before = await stored();
      const res = await file(bytes);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', detail });
      expect(await stored()).toEqual(before);
    };

    // `#61` is `a`: `/J#61vaScript` is `/JavaScript` to a reader.
    await refusedAs(
      Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >> endobj\n%%EOF\n',
        'latin1',
      ),
      PAPERWORK_MESSAGES.releaseActive,
    );
    // A script kept in a Flate-compressed object stream, where the file's own bytes do not show it.
    const hidden = objectStreamPdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ');
    expect(hidden.toString('latin1')).not.toContain('JavaScript');
    await refusedAs(hidden, PAPERWORK_MESSAGES.releaseActive);
    // An object stream this check cannot decode, and one that inflates past its bound.
    const objects = Buffer.from('1 0 << /Type /Catalog >>');
    await refusedAs(
      pdfWithStream(
        '/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode',
        Buffer.from(objects.toString('hex')),
      ),
      PAPERWORK_MESSAGES.releaseUnreadable,
    );
    await refusedAs(
      pdfWithStream(
        '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
        deflateSync(Buffer.alloc(40 << 20, 32)),
      ),
      PAPERWORK_MESSAGES.releaseUnreadable,
    );

    // Ordinary PDFs: objects kept in an object stream, and what pdfkit writes (compressed content
    // and image streams, which hold no objects and are not read as if they did).
    expect((await file(objectStreamPdf('/OpenAction [3 0 R /Fit] '))).statusCode).toBe(201);
    expect((await file(await pdfkitRelease(png))).statusCode).toBe(201);
  });
});
