import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGREEMENT_MESSAGES,
  CHAIR_IDS,
  type AgreementResponse,
  type ContestResponse,
  type Entry,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { applicationBody, contestBody } from '../../../test/contest-ops';
import { seedIfEmpty } from '../../db/seed/index';
import { createContestsService } from './contests.service';
import { acceptedAgreement } from './contest-reads';
import {
  createEntryContest,
  makeClip,
  selectApplicant,
  uploadClip,
  waitForVideo,
} from '../entries/test-support';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const applyBody = (email: string, overrides: Record<string, unknown> = {}) =>
  applicationBody(CHAIR_IDS.E3, { email, ...overrides });

describe('contest agreements (issue 31)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let hbada: TestUser;
  let other: TestUser;

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    user?: TestUser,
    payload?: object,
    remoteAddress?: string,
  ) => ctx.app.inject({ method, url, headers: user?.headers ?? {}, payload, remoteAddress });
  const agreement = async (contestId: number, user?: TestUser, query = '') => {
    const res = await call('GET', `/api/contests/${contestId}/agreement/${query}`, user);
    expect(res.statusCode).toBe(200);
    return res.json<AgreementResponse>();
  };
  const storedVersions = async (contestId: number) =>
    (
      await ctx.deps.database.query(
        'select version, sha256, created_by from contest_agreements where contest_id = $1 order by version',
        [contestId],
      )
    ).rows as Array<{ version: number; sha256: string; created_by: number | null }>;
  const acceptances = async (userId: number, contestId: number) =>
    (
      await ctx.deps.database.query(
        `select version, sha256, accepted_at, client_ip, context, ref_id from agreement_acceptances
          where user_id = $1 and contest_id = $2 order by id`,
        [userId, contestId],
      )
    ).rows as Array<{
      version: number;
      sha256: string;
      accepted_at: Date;
      client_ip: string;
      context: string;
      ref_id: number;
    }>;
  const audit = async (targetId: number) =>
    (
      await ctx.deps.database.query(
        `select actor_id, before, after from audit_log
          where action = 'contest.agreement_update' and target_id = $1 order by id`,
        [String(targetId)],
      )
    ).rows as Array<{ actor_id: number; before: Record<string, unknown>; after: Record<string, unknown> }>;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    const otherBrand = await createContestsService(ctx.deps).createBrand({
      name: 'Other',
      slug: 'other-agreement',
      description: '',
      logo_url: '',
      website: '',
    });
    staff = await createUser(ctx, { role: 'staff' });
    hbada = await createUser(ctx, { role: 'brand', brandId: 1 });
    other = await createUser(ctx, { role: 'brand', brandId: otherBrand.id });
  });
  afterAll(() => ctx.close());

  it('GET …/agreement/: version 1 is the default text of the contest, stored on first read, its SHA-256 that of its UTF-8 bytes', async () => {
    expect(await storedVersions(1)).toEqual([]);
    const first = await agreement(1);
    expect(first).toMatchObject({ version: 1, current_version: 1, accepted: null });
    expect(first.text).toContain('Hbada');
    expect(first.text).toContain('You keep the copyright of your video.');
    expect(first.sha256).toBe(sha(first.text));
    expect(await storedVersions(1)).toEqual([{ version: 1, sha256: first.sha256, created_by: null }]);
    // Stable: the same version on every read.
    expect((await agreement(1)).sha256).toBe(first.sha256);
    expect((await call('GET', '/api/contests/999999/agreement/')).statusCode).toBe(404);
    expect((await call('GET', '/api/contests/1/agreement/?version=7')).statusCode).toBe(404);
    expect((await call('GET', '/api/contests/1/agreement/?version=0')).statusCode).toBe(400);
  });

  it('a draft: staff and its brand read it, others get 404; staff edit version 1 in place (audited), brands may not edit', async () => {
    const created = await call('POST', '/api/contests/', hbada, contestBody(1));
    const draft = created.json<ContestResponse>();
    expect(draft.publication_status).toBe('draft');
    const creator = await createUser(ctx, { role: 'creator' });
    for (const outsider of [undefined, creator, other]) {
      expect((await call('GET', `/api/contests/${draft.id}/agreement/`, outsider)).statusCode).toBe(404);
    }
    const shown = await agreement(draft.id, hbada);
    expect(shown.version).toBe(1);
    expect((await agreement(draft.id, staff)).sha256).toBe(shown.sha256);
    // A draft's default text follows its fields until staff write one: nothing is stored yet.
    expect(await storedVersions(draft.id)).toEqual([]);

    expect(
      (await call('PUT', `/api/contests/${draft.id}/agreement/`, hbada, { text: 'Brand text' })).statusCode,
    ).toBe(403);
    const saved = await call('PUT', `/api/contests/${draft.id}/agreement/`, staff, {
      text: '## Terms\n\nFirst draft.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 1,
      text: '## Terms\n\nFirst draft.',
      sha256: sha('## Terms\n\nFirst draft.'),
    });
    const again = await call('PUT', `/api/contests/${draft.id}/agreement/`, staff, { text: 'Second draft.' });
    expect(again.json()).toMatchObject({ version: 1, current_version: 1, text: 'Second draft.' });
    expect(await storedVersions(draft.id)).toEqual([
      { version: 1, sha256: sha('Second draft.'), created_by: staff.id },
    ]);
    const rows = await audit(draft.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      actor_id: staff.id,
      before: { version: 1, sha256: sha('## Terms\n\nFirst draft.') },
      after: { version: 1, sha256: sha('Second draft.'), in_place: true },
    });

    const bad = await call('PUT', `/api/contests/${draft.id}/agreement/`, staff, { text: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(AGREEMENT_MESSAGES.textRequired);
    const long = await call('PUT', `/api/contests/${draft.id}/agreement/`, staff, {
      text: 'x'.repeat(50_001),
    });
    expect(long.statusCode).toBe(400);
  });

  it('a published contest: saving adds version n+1 (the old one stays readable); the same text adds nothing', async () => {
    const contest = (await call('POST', '/api/contests/', staff, contestBody(1))).json<ContestResponse>();
    const v1 = await agreement(contest.id);
    const saved = await call('PUT', `/api/contests/${contest.id}/agreement/`, staff, { text: 'New terms.' });
    expect(saved.json()).toMatchObject({ version: 2, current_version: 2, sha256: sha('New terms.') });
    expect((await agreement(contest.id)).version).toBe(2);
    expect(await agreement(contest.id, undefined, '?version=1')).toMatchObject({
      version: 1,
      current_version: 2,
      text: v1.text,
      sha256: v1.sha256,
    });
    const same = await call('PUT', `/api/contests/${contest.id}/agreement/`, staff, { text: 'New terms.' });
    expect(same.json()).toMatchObject({ version: 2 });
    expect((await storedVersions(contest.id)).map((r) => r.version)).toEqual([1, 2]);
    expect(await audit(contest.id)).toEqual([
      {
        actor_id: staff.id,
        before: { version: 1, sha256: v1.sha256 },
        after: { version: 2, sha256: sha('New terms.'), in_place: false },
      },
    ]);
  });

  it('applying records the version accepted, its SHA-256, the time and the client address; a stale one is refused with 409 agreement_changed and writes nothing', async () => {
    const current = await agreement(1);
    const creator = await createUser(ctx, { role: 'creator' });
    const stale = await call(
      'POST',
      '/api/contests/1/apply/',
      creator,
      applyBody(creator.email, { agreement_sha256: sha('an older text') }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'agreement_changed',
      detail: AGREEMENT_MESSAGES.changed,
      current: { version: current.version, sha256: current.sha256 },
    });
    expect(await acceptances(creator.id, 1)).toEqual([]);
    const applications = await ctx.deps.database.query('select id from applications where user_id = $1', [
      creator.id,
    ]);
    expect(applications.rows).toEqual([]);

    const malformed = await call(
      'POST',
      '/api/contests/1/apply/',
      creator,
      applyBody(creator.email, { agreement_sha256: 'abc' }),
    );
    expect(malformed.statusCode).toBe(400);

    const before = Date.now();
    const ok = await call(
      'POST',
      '/api/contests/1/apply/',
      creator,
      applyBody(creator.email, { agreement_sha256: current.sha256.toUpperCase() }),
      '203.0.113.9',
    );
    expect(ok.statusCode).toBe(201);
    const [row] = await acceptances(creator.id, 1);
    expect(row).toMatchObject({
      version: current.version,
      sha256: current.sha256,
      client_ip: '203.0.113.9',
      context: 'apply',
      ref_id: ok.json<{ id: number }>().id,
    });
    expect(row!.accepted_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await agreement(1, creator)).accepted).toEqual({
      version: current.version,
      sha256: current.sha256,
      accepted_at: row!.accepted_at.toISOString(),
    });
    // Other callers see no acceptance of their own.
    expect((await agreement(1, staff)).accepted).toBeNull();
  });

  it('an API client that sends no agreement_sha256 accepts the current version', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const res = await call('POST', '/api/contests/1/apply/', creator, applyBody(creator.email));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await acceptances(creator.id, 1);
    expect(row).toMatchObject({ sha256: (await agreement(1)).sha256, context: 'apply' });
  });

  it('after version 2, an entrant who accepted version 1 must accept again: a submission with the old SHA is 409, the accepted version stays readable', async () => {
    const { contest } = await createEntryContest(ctx, {});
    const creator = await createUser(ctx, { role: 'creator' });
    await selectApplicant(ctx, contest, creator.id);
    const clip = makeClip({ width: 32, height: 56, seconds: 4 });
    const videos = [];
    for (const title of ['One', 'Two', 'Three']) {
      const video = await uploadClip(ctx, creator, clip, title);
      await waitForVideo(ctx, creator, video.id);
      videos.push(video);
    }
    const submit = (videoId: number, agreementSha?: string) =>
      call(
        'POST',
        `/api/contests/${contest.id}/entries/`,
        creator,
        {
          video_id: videoId,
          confirm_warnings: true,
          ...(agreementSha ? { agreement_sha256: agreementSha } : {}),
        },
        '198.51.100.4',
      );

    const v1 = await agreement(contest.id, creator);
    expect(v1.accepted).toBeNull();
    const first = await submit(videos[0]!.id, v1.sha256);
    expect(first.statusCode).toBe(201);
    expect((await agreement(contest.id, creator)).accepted).toMatchObject({ version: 1, sha256: v1.sha256 });

    await call('PUT', `/api/contests/${contest.id}/agreement/`, staff, { text: 'Version two terms.' });
    const stale = await submit(videos[1]!.id, v1.sha256);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'agreement_changed',
      current: { version: 2, sha256: sha('Version two terms.') },
    });
    const mine = (await call('GET', `/api/contests/${contest.id}/entries/mine/`, creator)).json<Entry>();
    expect(mine.version).toBe(1);
    const shown = await agreement(contest.id, creator);
    expect(shown.accepted).toMatchObject({ version: 1, sha256: v1.sha256 });
    // The version they accepted is still readable.
    expect((await agreement(contest.id, creator, `?version=${shown.accepted!.version}`)).text).toBe(v1.text);

    const second = await submit(videos[1]!.id, sha('Version two terms.'));
    expect(second.statusCode).toBe(201);
    const rows = await acceptances(creator.id, contest.id);
    expect(rows.map((r) => [r.version, r.context, r.client_ip])).toEqual([
      [1, 'entry', '198.51.100.4'],
      [2, 'entry', '198.51.100.4'],
    ]);
    expect(
      await acceptedAgreement(ctx.deps.database.db, { contestId: contest.id, userId: creator.id }),
    ).toEqual({
      version: 2,
      sha256: sha('Version two terms.'),
      accepted_at: rows[1]!.accepted_at.toISOString(),
    });
    expect(
      await acceptedAgreement(ctx.deps.database.db, { contestId: contest.id, userId: staff.id }),
    ).toBeNull();
  });
});
