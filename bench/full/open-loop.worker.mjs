// The open loop of `openLoop` (load.ts), run in a worker thread of its own: the benchmark's main
// thread holds the captured app and every answer it compared, and its garbage collections and
// timers would otherwise delay requests and count as the server's latency.
import { parentPort, workerData } from 'node:worker_threads';

const { url, rate, seconds, headers } = workerData;
const interval = 1000 / rate;
const count = Math.round(rate * seconds);
const latencies = [];
let errors = 0;
const started = performance.now();
const inFlight = [];
for (let i = 0; i < count; i++) {
  const scheduled = started + i * interval;
  const wait = scheduled - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  inFlight.push(
    fetch(url, { headers })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status >= 300) errors += 1;
        latencies.push(performance.now() - scheduled);
      })
      .catch(() => {
        errors += 1;
      }),
  );
}
await Promise.all(inFlight);
parentPort.postMessage({ latencies, errors, elapsed: (performance.now() - started) / 1000 });
