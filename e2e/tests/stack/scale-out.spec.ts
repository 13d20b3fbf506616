import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { namedClip } from '../../../apps/server/test/ffmpeg-clip';
import { expect, test } from '@playwright/test';
import { apiLogin, createVerifiedUser, E2E_PASSWORD, uniqueEmail } from '../../support/accounts';
import {
  E2E_BASE_URL,
  E2E_MAIL_DIR,
  E2E_STACK_APP_URLS,
  E2E_STACK_DATABASE_URL,
  E2E_STACK_DIR,
} from '../../support/env';

/**
 * What only a scaled-out deployment can get wrong (issue 19): sessions, rate limits, resumable
 * uploads and jobs shared by two app processes and a worker behind nginx, and a process dying
 * mid-journey. Runs against `npm run stack` (playwright.stack.config.ts).
 */
test.describe.configure({ mode: 'serial' });

const [app1, app2] = E2E_STACK_APP_URLS as [string, string];
const tus = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

function sql(query: string): string {
  return execFileSync('psql', [E2E_STACK_DATABASE_URL, '-tAc', query], { encoding: 'utf8' }).trim();
}

/** The stack's process ids (scripts/stack.mjs keeps them up to date as it restarts processes). */
function pids(): Record<string, number> {
  return JSON.parse(readFileSync(path.join(E2E_STACK_DIR, 'pids.json'), 'utf8')) as Record<string, number>;
}

async function healthy(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come back`);
}

/** Kills one app process outright (SIGKILL: no graceful shutdown) and waits until it is back. */
async function killAndAwaitRestart(name: 'app1' | 'app2'): Promise<void> {
  const before = pids()[name]!;
  process.kill(before, 'SIGKILL');
  await expect.poll(() => pids()[name], { timeout: 30_000 }).not.toBe(before);
  await healthy(name === 'app1' ? app1 : app2);
}

function emailsTo(address: string): number {
  // A message being written is a .part file until it is whole.
  return readdirSync(E2E_MAIL_DIR).filter(
    (file) =>
      file.endsWith('.eml') &&
      readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8').toLowerCase().includes(`to: ${address}`),
  ).length;
}

async function videoWhenProcessed(id: number, access: string): Promise<{ status: string }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${E2E_BASE_URL}/api/videos/videos/${id}/`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    const video = (await res.json()) as { status: string };
    if (video.status !== 'processing' || Date.now() > deadline) return video;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test.describe('scale-out: two app processes and a worker behind nginx', () => {
  let dir: string;
  let clip: Uint8Array<ArrayBuffer>;

  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-stack-'));
    const file = namedClip(
      'take.mp4',
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=360x640:rate=25:duration=4',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=4',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
      ],
      dir,
    );
    clip = new Uint8Array(readFileSync(file));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a session started on one process is valid on the other, and its refresh works there', async () => {
    const user = await createVerifiedUser();
    const login = await fetch(`${app1}/api/accounts/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    const { access, refresh } = (await login.json()) as { access: string; refresh: string };

    const me = await fetch(`${app2}/api/accounts/me/`, { headers: { Authorization: `Bearer ${access}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(user.email);

    const rotated = await fetch(`${app2}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    expect(rotated.status).toBe(200);
  });

  test('the per-account sign-in limit counts the attempts made on both processes', async () => {
    const user = await createVerifiedUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const res = await fetch(`${attempt % 2 ? app2 : app1}/api/accounts/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'Wrong-Password-1234' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  test('a forged X-Forwarded-For does not escape the sign-in limit through the balancer', async () => {
    // nginx replaces the header with the address it sees, and the apps trust only nginx
    // (TRUST_PROXY=127.0.0.1): eleven guesses "from" eleven addresses are one client's guesses.
    const user = await createVerifiedUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const res = await fetch(`${E2E_BASE_URL}/api/accounts/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${attempt + 1}` },
        body: JSON.stringify({ email: user.email, password: 'Wrong-Password-1234' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  test('every e-mail job runs exactly once: one verification e-mail per sign-up', async () => {
    const addresses = Array.from({ length: 6 }, () => uniqueEmail('stack'));
    await Promise.all(
      addresses.map(async (email) => {
        const res = await fetch(`${E2E_BASE_URL}/api/accounts/auth/register/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email,
            password: E2E_PASSWORD,
            confirm_password: E2E_PASSWORD,
            role: 'creator',
          }),
        });
        expect(res.status).toBe(201);
      }),
    );
    await expect.poll(() => addresses.map(emailsTo), { timeout: 30_000 }).toEqual(addresses.map(() => 1));
    // Give a duplicate time to show up before concluding there is none.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(addresses.map(emailsTo)).toEqual(addresses.map(() => 1));
  });

  test('a resumable upload started on one process finishes on the other after the first is killed', async () => {
    const creator = await createVerifiedUser();
    const { access } = await apiLogin(creator);
    const auth = { Authorization: `Bearer ${access}` };

    const created = await fetch(`${app1}/api/videos/uploads/`, {
      method: 'POST',
      headers: {
        ...tus,
        ...auth,
        'Upload-Length': String(clip.length),
        'Upload-Metadata': `title ${b64('Stack take')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, app1).pathname;

    // The first half reaches app1; then app1 dies while the rest is still on its way.
    const half = Math.floor(clip.length / 2);
    const first = await fetch(`${app1}${location}`, {
      method: 'PATCH',
      headers: { ...tus, ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: clip.subarray(0, half),
    });
    expect(first.status).toBe(204);
    const dripping = fetch(`${app1}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        ...auth,
        'Upload-Offset': String(half),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new ReadableStream({
        async pull(controller) {
          controller.enqueue(clip.subarray(half, half + 1024));
          await new Promise((resolve) => setTimeout(resolve, 60_000));
        },
      }),
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await killAndAwaitRestart('app1');
    await dripping;

    // app2 tells where to continue and takes the rest.
    const probe = await fetch(`${app2}${location}`, { method: 'HEAD', headers: { ...tus, ...auth } });
    expect(probe.status).toBe(200);
    const offset = Number(probe.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(half);
    const rest = await fetch(`${app2}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        ...auth,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: clip.subarray(offset),
    });
    expect(rest.status).toBeLessThan(300);
    const video = (await rest.json()) as { id: number };

    // The worker processes it, exactly once.
    expect((await videoWhenProcessed(video.id, access)).status).toBe('ready');
    const runs = sql(
      `select count(*) from (select id from pgboss.job where name = 'process-video' and data->>'videoId' = '${video.id}' and state = 'completed'
        union all select id from pgboss.archive where name = 'process-video' and data->>'videoId' = '${video.id}' and state = 'completed') j`,
    );
    expect(runs).toBe('1');

    // Its media went to S3 and play through the balancer with range requests.
    const played = await fetch(`${E2E_BASE_URL}/api/videos/videos/${video.id}/`, { headers: auth });
    const { video_url: videoUrl } = (await played.json()) as { video_url: string };
    const range = await fetch(new URL(videoUrl, E2E_BASE_URL), { headers: { ...auth, Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });

  test("an approved video's files are refused by one process the moment its owner edits it through the other", async () => {
    const creator = await createVerifiedUser();
    const staff = await createVerifiedUser({ role: 'staff' });
    const { access } = await apiLogin(creator);
    const owner = { Authorization: `Bearer ${access}` };
    const reviewer = { Authorization: `Bearer ${(await apiLogin(staff)).access}` };

    const form = new FormData();
    form.append('title', 'Stack edit');
    form.append('video', new Blob([clip], { type: 'video/mp4' }), 'take.mp4');
    const uploaded = await fetch(`${app1}/api/videos/upload/`, {
      method: 'POST',
      headers: owner,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    expect((await videoWhenProcessed(id, access)).status).toBe('ready');
    const approve = async (app: string) =>
      expect(
        (await fetch(`${app}/api/staff/videos/${id}/approve/`, { method: 'POST', headers: reviewer })).status,
      ).toBe(200);
    const statuses = (app: string, urls: string[]) =>
      Promise.all(urls.map(async (url) => (await fetch(`${app}${url}`)).status));

    await approve(app1);
    const anonymous = (await (await fetch(`${app2}/api/videos/videos/${id}/`)).json()) as {
      video_url: string;
      playback: { hls_url: string; poster_url: string };
    };
    const urls = [anonymous.video_url, anonymous.playback.hls_url, anonymous.playback.poster_url];
    for (const url of urls) expect(url).toMatch(/^\/media\/videos\//);
    // app2 serves them publicly, for caches to keep only while they stay public.
    const served = await fetch(`${app2}${anonymous.playback.poster_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    expect(await statuses(app2, urls)).toEqual([200, 200, 200]);

    // A caption track added through app1 sends the video back to review: app2 refuses its files at once.
    const captions = new FormData();
    captions.append('language', 'en');
    captions.append('file', new Blob(['1\n00:00:00,000 --> 00:00:01,000\nHello\n']), 'take.srt');
    const added = await fetch(`${app1}/api/videos/videos/${id}/captions/`, {
      method: 'POST',
      headers: owner,
      body: captions,
    });
    expect(added.status).toBe(200);
    expect(await statuses(app2, urls)).toEqual([404, 404, 404]);
    expect(await statuses(E2E_BASE_URL, urls)).toEqual([404, 404, 404]);

    // Approved again through app2; a new title through app2 hides them on app1 as well.
    await approve(app2);
    expect(await statuses(app1, urls)).toEqual([200, 200, 200]);
    const renamed = await fetch(`${app2}/api/videos/videos/${id}/`, {
      method: 'PUT',
      headers: { ...owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Stack edit, renamed' }),
    });
    expect(renamed.status).toBe(200);
    expect(await statuses(app1, urls)).toEqual([404, 404, 404]);
  });

  test('killing an app process mid-journey loses no request that was not in flight on it', async () => {
    const results: number[] = [];
    let sent = 0;
    const worker = async () => {
      while (sent < 240) {
        sent += 1;
        const status = await fetch(`${E2E_BASE_URL}/api/contests/1/`).then(
          (res) => res.status,
          () => 0,
        );
        results.push(status);
      }
    };
    const load = Promise.all([worker(), worker(), worker(), worker()]);
    await expect.poll(() => results.length, { timeout: 30_000 }).toBeGreaterThan(60);
    await killAndAwaitRestart('app2');
    await load;
    const failed = results.filter((status) => status !== 200);
    // Four requests at most were in flight when app2 died; nginx retries the ones it could not
    // deliver on the other process.
    expect(results).toHaveLength(240);
    expect(failed.length, `statuses of the failed requests: ${failed.join(', ')}`).toBeLessThanOrEqual(4);
  });
});
