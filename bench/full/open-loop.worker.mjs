// The open loop of `openLoop` (load.ts), run in a worker thread of its own: the benchmark's main
// thread holds the captured app and every answer it compared, and its garbage collections and
// timers would otherwise delay requests and count as the server's latency.
// With `requests`, the i-th request sends requests[i % length] (its method, headers over the
// shared ones, and body), and each request's status and answer are sent back in order.
import { parentPort, workerData } from 'node:worker_threads';

const { url, rate, seconds, headers, requests } = workerData;
const interval = 1000 / rate;
const count = Math.round(rate * seconds);
const latencies = [];
const statuses = requests ? new Array(count).fill(0) : null;
const answers = requests ? new Array(count).fill('') : null;
let errors = 0;
const started = performance.now();
const inFlight = [];
for (let i = 0; i < count; i++) {
  const scheduled = started + i * interval;
  const wait = scheduled - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const own = requests?.[i % requests.length];
  const init = own
    ? { method: own.method ?? 'GET', headers: { ...headers, ...own.headers }, body: own.body }
    : { headers };
  inFlight.push(
    fetch(url, init)
      .then(async (res) => {
        if (answers) answers[i] = await res.text();
        else await res.arrayBuffer();
        if (statuses) statuses[i] = res.status;
        if (res.status >= 300) errors += 1;
        latencies.push(performance.now() - scheduled);
      })
      .catch(() => {
        errors += 1;
      }),
  );
}
await Promise.all(inFlight);
parentPort.postMessage({
  latencies,
  errors,
  elapsed: (performance.now() - started) / 1000,
  statuses,
  answers,
});
