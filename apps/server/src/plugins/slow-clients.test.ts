import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';

/** A raw connection that records what the server answered and when it closed. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += String(chunk)));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => {
    const opened = Date.now();
    socket.on('close', () => resolve(Date.now() - opened));
  });
  return { socket, closed, answer: () => answer };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients are cut off (issue 18 L7)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({ SLOW_CLIENT_TIMEOUT: '2' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  const figures: string[] = [];
  afterAll(async () => {
    console.log(`slow clients: ${figures.length} cases against a listening server — ${figures.join('; ')}`);
    await ctx.close();
  });

  it('closes a connection whose headers never finish', async () => {
    const client = connect(port);
    client.socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const timer = setInterval(() => client.socket.writable && client.socket.write('a'), 500);
    const closedAfter = await client.closed;
    clearInterval(timer);
    expect(closedAfter).toBeLessThan(8_000);
    expect(client.answer()).toMatch(/^HTTP\/1.1 408/);
    figures.push(`slow header cut off after ${closedAfter} ms (408)`);
  });

  it('closes a connection whose body drips in', async () => {
    const client = connect(port);
    client.socket.write(
      'POST /api/accounts/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
    );
    let sent = 0;
    const timer = setInterval(() => {
      if (!client.socket.writable) return;
      client.socket.write('aaaaaaaaaa');
      sent += 10;
    }, 200);
    const closedAfter = await client.closed;
    clearInterval(timer);
    expect(closedAfter).toBeLessThan(8_000);
    expect(sent).toBeLessThan(1000);
    figures.push(`slow-drip body cut off after ${closedAfter} ms (${sent} bytes dripped)`);
  });

  it('lets a steady body take several windows', async () => {
    const client = connect(port);
    const total = 5 * 64 * 1024;
    client.socket.write(
      `POST /api/accounts/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\nConnection: close\r\n\r\n`,
    );
    for (let part = 0; part < 5; part++) {
      client.socket.write(' '.repeat(64 * 1024));
      await sleep(1000);
    }
    await client.closed;
    // The whole body arrived over five seconds (2.5 windows); the answer is the route's own.
    expect(client.answer()).toMatch(/^HTTP\/1.1 400/);
    figures.push('a steady 320 KiB body over 5 s answered by its route');
  });
});
