import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { namedClip } from '../../../apps/server/test/ffmpeg-clip';
import { apiLogin, createVerifiedUser } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';

const tus = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * Live updates through the balancer (issue 32): a stream opened through nginx (on whichever app
 * process it lands) receives the events the worker process raises while it processes a video.
 */
test('the events of a video processed by the worker reach a stream opened through the balancer', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-live-'));
  try {
    const file = namedClip(
      'live.mp4',
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=360x640:rate=25:duration=4',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
      ],
      dir,
    );
    const clip = new Uint8Array(readFileSync(file));
    const creator = await createVerifiedUser();
    const { access } = await apiLogin(creator);
    const auth = { Authorization: `Bearer ${access}` };

    const ticket = await fetch(`${E2E_BASE_URL}/api/events/ticket/`, { method: 'POST', headers: auth });
    expect(ticket.status).toBe(200);
    const controller = new AbortController();
    const stream = await fetch(
      `${E2E_BASE_URL}/api/events/?ticket=${((await ticket.json()) as { ticket: string }).ticket}`,
      { signal: controller.signal },
    );
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    let text = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>)
          text += decoder.decode(chunk, { stream: true });
      } catch {
        // aborted at the end
      }
    })();

    // Upload through the balancer too (tus, one PATCH); the worker takes the processing job.
    const created = await fetch(`${E2E_BASE_URL}/api/videos/uploads/`, {
      method: 'POST',
      headers: {
        ...tus,
        ...auth,
        'Upload-Length': String(clip.length),
        'Upload-Metadata': `title ${b64('Live take')},filetype ${b64('video/mp4')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, E2E_BASE_URL).pathname;
    const sent = await fetch(`${E2E_BASE_URL}${location}`, {
      method: 'PATCH',
      headers: { ...tus, ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: clip,
    });
    expect(sent.status).toBeLessThan(300);
    const video = (await sent.json()) as { id: number };

    // Each event arrives as it happens (nginx passes the stream unbuffered): the worker's stages,
    // the video becoming ready, its processing done.
    const videoEvents = () =>
      [...text.matchAll(/event: video\ndata: (.*)\n/g)]
        .map(
          (match) =>
            JSON.parse(match[1]!) as { video_id: number; status: string | null; stage: string | null },
        )
        .filter((event) => event.video_id === video.id);
    await expect
      .poll(() => videoEvents().some((event) => event.status === 'ready'), { timeout: 90_000 })
      .toBe(true);
    await expect
      .poll(() => videoEvents().some((event) => event.stage === 'done'), { timeout: 90_000 })
      .toBe(true);
    expect(videoEvents().map((event) => event.stage)).toContain('first_rendition');
    expect(text).toMatch(/^retry: 3000\n/);
    controller.abort();
    await reading;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
