import { once } from 'node:events';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { createLogger } from '../lib/logger';
import { sendEmailJob } from '../jobs/send-email.job';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  msg: string;
  reqId?: string;
  job?: string;
  to?: string;
}

/**
 * Request ids (operations issue): every request has one, given by the caller (a balancer, a
 * client retrying) or made here; the response names it, every log line of the request carries
 * it, and so does every log line of a job the request queued.
 */
describe('request ids', () => {
  let ctx: TestContext;
  const lines: LogLine[] = [];
  const raw: string[] = [];
  beforeAll(async () => {
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          raw.push(line);
          lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    ctx = await createTestContext(
      {},
      { log: createLogger({ LOG_LEVEL: 'debug', NODE_ENV: 'test' }, capture) },
    );
  });
  afterAll(() => ctx.close());

  const health = (headers: Record<string, string> = {}) => ctx.app.inject({ url: '/api/health/', headers });

  it('echoes a sane X-Request-Id the caller gave', async () => {
    const res = await health({ 'x-request-id': 'lb-7f3a:01.B_c-9' });
    expect(res.headers['x-request-id']).toBe('lb-7f3a:01.B_c-9');
  });

  it('makes one (a UUID) when the caller gave none', async () => {
    const first = await health();
    const second = await health();
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it.each([
    ['with a space', 'two words'],
    ['with markup', '<script>alert(1)</script>'],
    ['with a newline escape', 'a%0aFAKE'],
    ['longer than 128 characters', 'x'.repeat(129)],
  ])('replaces a given id %s with one of its own', async (_what, given) => {
    const res = await health({ 'x-request-id': given });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(lines.some((line) => line.reqId === given)).toBe(false);
  });

  it('names the id on error answers too', async () => {
    const res = await ctx.app.inject({ url: '/api/no-such-thing/', headers: { 'x-request-id': 'err-1' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('err-1');
  });

  it("writes the id in the request's log lines, and in those of the e-mail job it queued", async () => {
    const requestId = 'register-42';
    const email = 'request-id@example.com';
    // Over a real connection, the body a moment after the headers (as a slow client's arrives): a
    // service's line written after the body was read still carries the id.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({
      email,
      password: 'Velvet-Lantern-4821',
      confirm_password: 'Velvet-Lantern-4821',
    });
    const socket = net.connect((ctx.app.server.address() as net.AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/accounts/auth/register/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Request-Id: ${requestId}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(body);
    let response = '';
    for await (const chunk of socket) response += String(chunk);
    expect(response).toMatch(/^HTTP\/1\.1 201/);
    expect(response.toLowerCase()).toContain(`x-request-id: ${requestId}\r\n`);
    const ofRequest = (msg: string) =>
      lines.find((line) => line.msg.startsWith(msg) && line.reqId === requestId);
    // Fastify's own lines, and one a service writes with the process's logger mid-request.
    expect(ofRequest('incoming request')).toBeDefined();
    expect(ofRequest('request completed')).toBeDefined();
    expect(ofRequest('e-mail queued to the outbox')).toBeDefined();

    // The verification e-mail is sent by a job, later: its lines carry the request's id.
    await ctx.waitForEmail(email);
    await ctx.mailSettled();
    expect(ofRequest('mail written to outbox')).toBeDefined();
    expect(lines.find((line) => line.msg === 'job done' && line.job === 'send-email')).toMatchObject({
      reqId: requestId,
    });
    // Once each: a line from a logger that binds the id (Fastify's, the job's) does not repeat it.
    expect(raw.filter((line) => line.split('"reqId"').length > 2)).toEqual([]);
  });

  it("keeps each change's id through reads served meanwhile, and again after a pause with none", async () => {
    // Reads run without a context (lib/request-context.ts): a change in flight keeps its own
    // while reads start and end around it, and a change after a quiet moment gets its id back.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const port = (ctx.app.server.address() as net.AddressInfo).port;
    const register = async (requestId: string, email: string) => {
      const body = JSON.stringify({
        email,
        password: 'Velvet-Lantern-4821',
        confirm_password: 'Velvet-Lantern-4821',
      });
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        `POST /api/accounts/auth/register/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Request-Id: ${requestId}\r\n\r\n`,
      );
      return async () => {
        socket.write(body);
        let response = '';
        for await (const chunk of socket) response += String(chunk);
        expect(response).toMatch(/^HTTP\/1\.1 201/);
      };
    };
    const queuedFor = (requestId: string) =>
      lines.find((line) => line.msg.startsWith('e-mail queued to the outbox') && line.reqId === requestId);

    const first = await register('overlap-1', 'overlap-1@example.com');
    const second = await register('overlap-2', 'overlap-2@example.com');
    for (let i = 0; i < 5; i += 1) expect((await health()).statusCode).toBe(200);
    await first();
    for (let i = 0; i < 5; i += 1) expect((await health()).statusCode).toBe(200);
    await second();
    expect(queuedFor('overlap-1')).toBeDefined();
    expect(queuedFor('overlap-2')).toBeDefined();

    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await register('after-quiet', 'after-quiet@example.com');
    await third();
    expect(queuedFor('after-quiet')).toBeDefined();
    for (const email of ['overlap-1@example.com', 'overlap-2@example.com', 'after-quiet@example.com'])
      await ctx.waitForEmail(email);
    await ctx.mailSettled();
  });

  it('writes no id on lines outside requests, nor on those of a job queued outside one', async () => {
    const before = lines.length;
    ctx.deps.log.info('between requests');
    expect(lines[before]).toMatchObject({ msg: 'between requests' });
    expect(lines[before]).not.toHaveProperty('reqId');
    const to = 'no-request@example.com';
    await ctx.deps.queue.send(sendEmailJob, { to, subject: 'Hello', text: 'Hello', html: '' });
    await ctx.waitForEmail(to);
    await ctx.mailSettled();
    const written = lines.find((line) => line.msg === 'mail written to outbox' && line.to === to);
    expect(written).toBeDefined();
    expect(written).not.toHaveProperty('reqId');
  });
});
