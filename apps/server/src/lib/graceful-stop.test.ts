import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTicket } from '@app/domain';
import { createTestContext, type TestContext } from '../../test/helper';
import { createUser, type TestUser } from '../../test/factories';
import { prepareGracefulStop } from './graceful-stop';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The answer to a request sent on `request`, or the connection error that ended it. */
const answerOf = (request: http.ClientRequest) =>
  new Promise<Answer>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
  });

/** Whether a new TCP connection to `port` is accepted. */
const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An app process told to stop (SIGTERM in a rolling restart, server.ts): requests in flight finish,
 * nothing new is accepted, keep-alive connections end without cutting a request (a request sent on
 * one as the stop begins is served), and open event
 * streams are told to reconnect. Real app, real sockets, on PGlite and PostgreSQL.
 */
describe('stopping an app process gracefully', () => {
  let ctx: TestContext;
  let user: TestUser;

  /** A fresh app instance on the shared database, listening on a free port, ready to be stopped. */
  const listening = async (drainMs = 30_000, idleGraceMs = 500) => {
    const app: FastifyInstance = await ctx.anotherApp();
    const graceful = prepareGracefulStop(app, { drainMs, idleGraceMs, log: ctx.deps.log });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, graceful, port: (app.server.address() as AddressInfo).port };
  };
  /** A POST whose headers and first bytes are on their way; the rest of the body waits for `finish`. */
  const slowPost = (port: number, agent: http.Agent) => {
    const body = JSON.stringify({ all: true });
    const request = http.request({
      host: '127.0.0.1',
      port,
      agent,
      method: 'POST',
      path: '/api/notifications/read/',
      headers: { ...user.headers, 'Content-Type': 'application/json', 'Content-Length': body.length },
    });
    const answer = answerOf(request);
    request.write(body.slice(0, 4));
    return { answer, finish: () => request.end(body.slice(4)) };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    user = await createUser(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('finishes a request in flight (200, Connection: close), refuses new connections and closes idle keep-alive ones after the grace', async () => {
    const { app, graceful, port } = await listening();
    // Two kept-alive connections with nothing in flight when the stop begins.
    const keptAlive = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const first = await answerOf(
        http.request({ host: '127.0.0.1', port, agent, path: '/api/health/' }).end(),
      );
      expect(first.status).toBe(200);
      const [socket] = Object.values(agent.freeSockets).flat();
      expect(socket).toBeDefined();
      return {
        agent,
        closed: new Promise<number>((resolve) => socket!.once('close', () => resolve(Date.now()))),
      };
    };
    const reused = await keptAlive();
    const idle = await keptAlive();

    const arrived = new Promise((resolve) => app.server.once('request', resolve));
    const inFlight = slowPost(port, new http.Agent({ keepAlive: true }));
    await arrived;
    const stopAt = Date.now();
    const stopped = graceful.stop();

    await until(() => !app.server.listening, 'the server stops listening');
    expect(await connects(port)).toBe(false);
    // A request the balancer sends on an idle connection just as the stop begins is served, and
    // that connection closes after its answer.
    const late = await answerOf(
      http.request({ host: '127.0.0.1', port, agent: reused.agent, path: '/api/health/' }).end(),
    );
    expect(late.status).toBe(200);
    expect(late.headers.connection).toBe('close');
    await reused.closed;
    // The connection left idle is closed once the grace is over.
    expect((await idle.closed) - stopAt).toBeGreaterThanOrEqual(450);
    // The request's body arrives after all that, and it is answered in full.
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ marked: 0, unread: 0 });
    expect(answer.headers.connection).toBe('close');
    expect(await stopped).toEqual({ cut: 0 });
    reused.agent.destroy();
    idle.agent.destroy();
  });

  it('cuts a request still running after the drain time, and completes the stop anyway', async () => {
    const { app, graceful } = await listening(300);
    const port = (app.server.address() as AddressInfo).port;
    const arrived = new Promise((resolve) => app.server.once('request', resolve));
    const stuck = slowPost(port, new http.Agent({ keepAlive: true }));
    await arrived;
    const started = Date.now();
    expect(await graceful.stop()).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(stuck.answer).rejects.toThrow();
  });

  it('tells an open event stream to reconnect (an SSE retry: hint) and ends it', async () => {
    const { graceful, port } = await listening();
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/ticket/',
      headers: user.headers,
    });
    expect(ticket.statusCode).toBe(200);
    const stream = await fetch(
      `http://127.0.0.1:${port}/api/events/?ticket=${ticket.json<EventTicket>().ticket}`,
    );
    expect(stream.status).toBe(200);
    let text = '';
    let ended = false;
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>)
        text += decoder.decode(chunk, { stream: true });
      ended = true;
    })();
    await until(() => text.includes(': connected'), 'the stream opens');

    const stopped = graceful.stop();
    // The stream ends cleanly (no error) after a hint to come back within a second or so.
    await reading;
    expect(ended).toBe(true);
    const hint = /\n\nretry: (\d+)\n: restarting\n\n$/.exec(text);
    expect(hint, text).not.toBeNull();
    expect(Number(hint![1])).toBeGreaterThanOrEqual(500);
    expect(Number(hint![1])).toBeLessThan(1000);
    expect(await stopped).toEqual({ cut: 0 });
  });
});
