import net from 'node:net';
import pino from 'pino';
import { Gauge } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { createMetrics, type Metrics } from './metrics';
import { listenForScrapes } from './metrics-scrape';

const TOKEN = 'a-scrapers-token-for-the-listener-0123456';
const log = pino({ level: 'silent' });

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The listener a worker-only process serves its metrics on (the process itself: test/worker-metrics.test.ts). */
describe('listenForScrapes', () => {
  let database: TestDatabase;
  let metrics: Metrics;
  const listen = (port = 0) => listenForScrapes(metrics, { token: TOKEN, host: '127.0.0.1', port, log });

  beforeAll(async () => {
    database = await createTestDatabase();
    metrics = createMetrics(database.handle);
  });
  afterAll(() => database?.drop());

  it('closes its port at once, though a scraper keeps its connection open between scrapes', async () => {
    const listener = await listen();
    expect(listener.port).toBeGreaterThan(0);
    const scraper = net.connect(listener.port, '127.0.0.1');
    await new Promise((resolve, reject) => scraper.once('connect', resolve).once('error', reject));
    scraper.write(`GET /metrics HTTP/1.1\r\nHost: worker\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    const answer = await new Promise<string>((resolve) =>
      scraper.once('data', (d: Buffer) => resolve(String(d))),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('Connection: keep-alive');
    const dropped = new Promise((resolve) => scraper.once('close', resolve));
    await listener.close();
    await dropped;
    expect(await listening(listener.port)).toBe(false);
  });

  it('refuses a port another process holds, so the worker stops before taking jobs', async () => {
    const first = await listen();
    try {
      await expect(listen(first.port)).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it('answers 500 in the API’s error shape when collecting fails, and keeps answering', async () => {
    const listener = await listen();
    new Gauge({
      name: 'metrics_scrape_test_failing',
      help: 'Fails to collect',
      registers: [metrics.registry],
      collect() {
        throw new Error('collect failed on purpose');
      },
    });
    const scrape = () =>
      fetch(`http://127.0.0.1:${listener.port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    try {
      const res = await scrape();
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ detail: 'Server error. Please try again later.', code: 'internal' });
      metrics.registry.removeSingleMetric('metrics_scrape_test_failing');
      expect((await scrape()).status).toBe(200);
    } finally {
      metrics.registry.removeSingleMetric('metrics_scrape_test_failing');
      await listener.close();
    }
  });
});
