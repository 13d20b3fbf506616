import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ffmpegClip } from '../../../apps/server/test/ffmpeg-clip';
import { apiLogin, createVerifiedUser } from '../../support/accounts';
import { E2E_PORT, E2E_STACK_APP_URLS, E2E_STACK_DATABASE_URL, E2E_STACK_DIR } from '../../support/env';

/**
 * Restarts nobody notices: under a steady mixed load through nginx (public and signed-in reads,
 * writes, an open event stream, a resumable upload), each app process of `npm run stack` and then
 * the worker get SIGTERM in turn, and each is back before the next one goes. No request fails, the
 * event stream comes back on its own, and the upload started before the restarts finishes after
 * them and is processed. Runs against `npm run stack` (playwright.stack.config.ts).
 */

/** The balancer, on loopback only. */
const balancer = `http://127.0.0.1:${E2E_PORT}`;
const [app1, app2] = E2E_STACK_APP_URLS as [string, string];
const tus = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');
/** At least this many requests in all, and the load's bounds whatever happens. */
const MIN_REQUESTS = 2_000;
const MAX_REQUESTS = 6_000;
const MAX_LOAD_MS = 6 * 60_000;
const CONCURRENCY = 6;

type Name = 'app1' | 'app2' | 'worker';
const readJson = <T>(file: string, empty: T): T =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : empty;
/** The stack's process ids (scripts/stack.mjs rewrites the file as it restarts processes). */
const pids = () => readJson<Record<string, number>>(path.join(E2E_STACK_DIR, 'pids.json'), {});
/** Every exit of each process so far: its code, or the signal that ended it. */
const exits = () =>
  readJson<Record<string, Array<number | string>>>(path.join(E2E_STACK_DIR, 'exits.json'), {});
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sql = (query: string) =>
  execFileSync('psql', [E2E_STACK_DATABASE_URL, '-tAc', query], { encoding: 'utf8' }).trim();
const accessLog = () => readFileSync(path.join(E2E_STACK_DIR, 'nginx', 'access.log'), 'utf8').split('\n');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string): Promise<boolean> {
  return fetch(`${url}/api/health/`).then(
    (res) => res.ok,
    () => false,
  );
}

interface Restart {
  name: Name;
  /** SIGTERM until the old process was gone (its drain). */
  stopSeconds: number;
  /** SIGTERM until the new process answered (apps) or was running (worker). */
  backSeconds: number;
}

/** SIGTERM to one process; resolves once it exited and its successor is up. */
async function restart(name: Name, options: { onStopping?: () => Promise<void> } = {}): Promise<Restart> {
  const before = pids()[name]!;
  const exitsBefore = exits()[name]?.length ?? 0;
  const started = Date.now();
  process.kill(before, 'SIGTERM');
  const stopping = options.onStopping?.();
  await expect.poll(() => alive(before), { timeout: 60_000, intervals: [50] }).toBe(false);
  const stopSeconds = (Date.now() - started) / 1000;
  await stopping;
  await expect.poll(() => pids()[name], { timeout: 60_000 }).not.toBe(before);
  if (name === 'worker') {
    await expect.poll(() => alive(pids()[name]!), { timeout: 60_000 }).toBe(true);
  } else {
    await expect.poll(() => healthy(name === 'app1' ? app1 : app2), { timeout: 90_000 }).toBe(true);
  }
  const backSeconds = (Date.now() - started) / 1000;
  // A clean stop: exit code 0, not a signal or a crash.
  expect(exits()[name]?.slice(exitsBefore)).toEqual([0]);
  return { name, stopSeconds, backSeconds };
}

/**
 * An event stream as the web app keeps one (features/notifications/live-updates.tsx): each
 * connection takes a new ticket; when the stream ends, it comes back with `last_event_id`.
 */
function liveStream(auth: Record<string, string>) {
  const controller = new AbortController();
  let lastId = '';
  let buffer = '';
  const state = { opened: 0, endedWithHint: 0, failures: [] as string[], events: [] as string[] };
  const connect = async () => {
    const ticket = await fetch(`${balancer}/api/events/ticket/`, { method: 'POST', headers: auth });
    if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status}`);
    const { ticket: value } = (await ticket.json()) as { ticket: string };
    const query = `ticket=${value}${lastId ? `&last_event_id=${lastId}` : ''}`;
    const res = await fetch(`${balancer}/api/events/?${query}`, { signal: controller.signal });
    if (res.status !== 200) throw new Error(`stream: ${res.status}`);
    state.opened += 1;
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const decoded = decoder.decode(chunk, { stream: true });
      text += decoded;
      buffer += decoded;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        if (id) lastId = id;
        if (/^event: /m.test(block)) state.events.push(block);
      }
    }
    buffer = '';
    // Ended by the server: a restart says when to come back.
    const hint = /retry: (\d+)\n: restarting\n\n$/.exec(text);
    if (hint) state.endedWithHint += 1;
    return hint ? Number(hint[1]) : 3000;
  };
  const running = (async () => {
    while (!controller.signal.aborted) {
      const wait = await connect().catch((error: unknown) => {
        if (!controller.signal.aborted) state.failures.push(String(error));
        return 1000;
      });
      if (!controller.signal.aborted) await pause(wait);
    }
  })();
  return {
    state,
    async stop() {
      controller.abort();
      await running;
    },
  };
}

test('rolling restart: each app process and the worker restarted under load, and no request fails', async () => {
  test.setTimeout(12 * 60_000);
  const clip = new Uint8Array(
    readFileSync(
      ffmpegClip('mp4', [
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
      ]),
    ),
  );
  const creator = await createVerifiedUser();
  const { access } = await apiLogin(creator);
  const auth = { Authorization: `Bearer ${access}` };
  const json = { ...auth, 'Content-Type': 'application/json' };
  // The profile form's double-submit token (cookie and header), as the web app sends it.
  const csrf = 'rolling-restart-csrf-token-0123456789';
  const profileEdit = { ...json, Cookie: `csrftoken=${csrf}`, 'X-CSRFToken': csrf };

  // A resumable upload begun before the restarts: its first third is in.
  const created = await fetch(`${balancer}/api/videos/uploads/`, {
    method: 'POST',
    headers: {
      ...tus,
      ...auth,
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `title ${b64('Rolling take')},filetype ${b64('video/mp4')}`,
    },
  });
  expect(created.status).toBe(201);
  const upload = new URL(created.headers.get('location')!, balancer).pathname;
  const third = Math.floor(clip.length / 3);
  const first = await fetch(`${balancer}${upload}`, {
    method: 'PATCH',
    headers: { ...tus, ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: clip.subarray(0, third),
  });
  expect(first.status).toBe(204);

  const stream = liveStream(auth);
  await expect.poll(() => stream.state.opened, { timeout: 30_000 }).toBe(1);

  // The load: reads public and signed in, writes (POST, PUT, PATCH), round and round.
  const mix: Array<() => Promise<Response>> = [
    () => fetch(`${balancer}/api/contests/1/`),
    () => fetch(`${balancer}/api/accounts/me/`, { headers: auth }),
    () => fetch(`${balancer}/api/contests/`),
    () => fetch(`${balancer}/api/notifications/`, { headers: auth }),
    () => fetch(`${balancer}/api/videos/videos/`),
    () =>
      fetch(`${balancer}/api/notifications/read/`, { method: 'POST', headers: json, body: '{"all":true}' }),
    () => fetch(`${balancer}/api/health/`),
    () => fetch(`${balancer}/api/accounts/notification-preferences/`, { headers: auth }),
    () => fetch(`${balancer}/`),
    () =>
      fetch(`${balancer}/api/accounts/notification-preferences/`, {
        method: 'PUT',
        headers: json,
        body: '{"announcements":true}',
      }),
    () => fetch(`${balancer}/api/events/ticket/`, { method: 'POST', headers: auth }),
    () =>
      fetch(`${balancer}/api/accounts/auth/creator-profile/`, {
        method: 'PATCH',
        headers: profileEdit,
        body: JSON.stringify({ bio: `Restarted ${sent} requests in` }),
      }),
  ];
  const logLinesBefore = accessLog().length;
  const results: Array<{ what: number; status: number; error?: string }> = [];
  let sent = 0;
  let restartsDone = false;
  const loadStarted = Date.now();
  const enough = () =>
    sent >= MAX_REQUESTS || Date.now() - loadStarted > MAX_LOAD_MS || (restartsDone && sent >= MIN_REQUESTS);
  const loop = async () => {
    while (!enough()) {
      const what = sent++ % mix.length;
      const result = await mix[what]!().then(
        async (res) => {
          await res.arrayBuffer();
          return { what, status: res.status };
        },
        (error: unknown) => ({ what, status: 0, error: String(error) }),
      );
      results.push(result);
    }
  };
  const load = Promise.all(Array.from({ length: CONCURRENCY }, loop));
  await expect.poll(() => results.length, { timeout: 60_000 }).toBeGreaterThan(200);

  // app1 first, with the upload's second third on its way to it, slowly, as it is told to stop.
  const second = clip.subarray(third, 2 * third);
  let resumeDrip!: () => void;
  const dripResumes = new Promise<void>((resolve) => (resumeDrip = resolve));
  const dripping = fetch(`${app1}${upload}`, {
    method: 'PATCH',
    headers: {
      ...tus,
      ...auth,
      'Upload-Offset': String(third),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new ReadableStream({
      async start(controller) {
        controller.enqueue(second.subarray(0, 1024));
        await dripResumes;
        controller.enqueue(second.subarray(1024));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
  await pause(500);
  const restarts: Restart[] = [];
  restarts.push(
    await restart('app1', {
      async onStopping() {
        // app1 no longer takes connections; the request it has in flight still gets its bytes.
        await expect.poll(() => healthy(app1), { timeout: 30_000 }).toBe(false);
        resumeDrip();
        const dripped = await dripping;
        expect(dripped.status).toBe(204);
        expect(dripped.headers.get('upload-offset')).toBe(String(2 * third));
      },
    }),
  );
  await pause(2_000);
  restarts.push(await restart('app2'));
  await pause(2_000);

  // The worker, with a video's processing in hand when it is told to stop.
  const busy = await fetch(`${balancer}/api/videos/uploads/`, {
    method: 'POST',
    headers: {
      ...tus,
      ...auth,
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `title ${b64('Worker restart take')},filetype ${b64('video/mp4')}`,
    },
  });
  expect(busy.status).toBe(201);
  const busyDone = await fetch(`${balancer}${new URL(busy.headers.get('location')!, balancer).pathname}`, {
    method: 'PATCH',
    headers: { ...tus, ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: clip,
  });
  expect(busyDone.status).toBeLessThan(300);
  const busyVideo = ((await busyDone.json()) as { id: number }).id;
  const processing = () =>
    sql(`select state from pgboss.job where name = 'process-video' and data->>'videoId' = '${busyVideo}'`);
  await expect.poll(processing, { timeout: 60_000 }).toMatch(/active|completed/);
  restarts.push(await restart('worker'));
  restartsDone = true;
  await load;

  // The rest of the upload goes wherever the balancer sends it: HEAD says where to go on.
  const probe = await fetch(`${balancer}${upload}`, { method: 'HEAD', headers: { ...tus, ...auth } });
  expect(probe.status).toBe(200);
  const offset = Number(probe.headers.get('upload-offset'));
  expect(offset).toBe(2 * third);
  const rest = await fetch(`${balancer}${upload}`, {
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
  const video = ((await rest.json()) as { id: number }).id;
  const status = async (id: number) =>
    (
      (await (await fetch(`${balancer}/api/videos/videos/${id}/`, { headers: auth })).json()) as {
        status: string;
      }
    ).status;
  // Both processed by the worker that came back (the one stopped mid-job finished it or handed
  // it back at once): each completed exactly once.
  await expect.poll(() => status(busyVideo), { timeout: 120_000 }).toBe('ready');
  await expect.poll(() => status(video), { timeout: 120_000 }).toBe('ready');
  for (const id of [busyVideo, video]) {
    const runs = sql(
      `select count(*) from (select id from pgboss.job where name = 'process-video' and data->>'videoId' = '${id}' and state = 'completed'
          union all select id from pgboss.archive where name = 'process-video' and data->>'videoId' = '${id}' and state = 'completed') j`,
    );
    expect(runs).toBe('1');
  }
  // The stream came back on its own after its process restarted, and carried the events of the
  // video processed after the restarts.
  await expect
    .poll(() => stream.state.events.some((block) => block.includes(`"video_id":${video}`)), {
      timeout: 60_000,
    })
    .toBe(true);
  await stream.stop();

  // The balancer's own account: requests it sent to a second process after the first failed.
  const retried = accessLog()
    .slice(logLinesBefore)
    .filter((line) => /upstream_status=\d+, /.test(line)).length;
  const failed = results.filter((result) => result.status >= 500 || result.status === 0);
  const otherwise = results.filter((result) => result.status >= 300 && result.status < 500);
  const summary = {
    requests: results.length,
    failed: failed.length,
    notOk: otherwise.length,
    retriedByBalancer: retried,
    seconds: Math.round((Date.now() - loadStarted) / 1000),
    restarts,
    stream: { opened: stream.state.opened, endedWithHint: stream.state.endedWithHint },
  };
  console.log(`rolling restart: ${JSON.stringify(summary)}`);
  test.info().annotations.push({ type: 'rolling restart', description: JSON.stringify(summary) });

  expect(results.length).toBeGreaterThanOrEqual(MIN_REQUESTS);
  expect(failed, JSON.stringify(failed.slice(0, 10))).toEqual([]);
  expect(otherwise, JSON.stringify(otherwise.slice(0, 10))).toEqual([]);
  expect(stream.state.failures).toEqual([]);
  expect(stream.state.endedWithHint).toBeGreaterThanOrEqual(1);
  expect(stream.state.opened).toBe(stream.state.endedWithHint + 1);
});
