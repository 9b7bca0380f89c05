import { Agent, request } from 'node:http';
import type { LoadRequest, LoadResult } from './load.ts';

const TIMED_OUT = -1;

/**
 * A latency goal stated at a load ('p99 ≤ 50 ms at 500 requests/s') is measured open-loop: the
 * requests are sent on a fixed schedule, one every 1000/rate ms, whatever the answers do, and each
 * latency is counted from the moment its request was due. autocannon's `overallRate` does not do
 * this: each connection sends its whole quota for the second at once and then waits, so the load
 * comes in bursts, and its coordinated-omission correction takes the per-connection rate as the
 * interval in milliseconds, adding phantom samples to every slow answer.
 *
 * A request not answered `timeoutMs` after it was due counts as a timeout, an error, with its
 * latency counted as the timeout: a server far below the rate (availability computed per request
 * on slow code) then ends the run in seconds instead of waiting on a queue that only grows, and
 * its p99 reads as at least the timeout. One still waiting here for a socket is dropped unsent;
 * one the server already has is left to finish, and the measure returns once the server has
 * answered those too (30 s at most): otherwise its backlog would be the start of the next one.
 */
export async function measureAtRate(
  name: string,
  baseUrl: string,
  requests: LoadRequest[],
  {
    seconds = 10,
    rate,
    warmupSeconds = 2,
    timeoutMs = 1000,
    samples,
  }: {
    seconds?: number;
    rate: number;
    warmupSeconds?: number;
    timeoutMs?: number;
    /** Filled with each measured request's due time (epoch ms) and latency (a timeout's counted as timeoutMs). */
    samples?: Array<{ dueAt: number; ms: number }>;
  },
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  /**
   * The answer's status, 0 on a transport error, TIMED_OUT when not answered in time; `finished`
   * gets a promise settled when the request is really over (answered, failed or dropped).
   */
  const send = (item: LoadRequest, due: number, finished: Promise<void>[]) =>
    new Promise<number>((resolve) => {
      const body = item.body === undefined ? undefined : JSON.stringify(item.body);
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          path: item.path,
          method: item.method ?? 'GET',
          agent,
          headers: { 'content-type': 'application/json', ...item.headers },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            clearTimeout(timer);
            resolve(response.statusCode ?? 0);
          });
        },
      );
      let sent = false;
      outgoing.on('socket', () => (sent = true));
      finished.push(new Promise((done) => outgoing.on('close', () => done())));
      // From when it was due: a request still queued for a socket is as late as one sent.
      const timer = setTimeout(
        () => {
          resolve(TIMED_OUT);
          if (!sent) outgoing.destroy();
        },
        Math.max(0, due + timeoutMs - performance.now()),
      );
      outgoing.on('error', () => {
        clearTimeout(timer);
        resolve(0);
      });
      outgoing.end(body);
    });

  const run = async (duration: number, kept?: Array<{ dueAt: number; ms: number }>) => {
    const interval = 1000 / rate;
    const total = Math.round(duration * rate);
    const latencies: number[] = [];
    let non2xx = 0;
    let errors = 0;
    let timeouts = 0;
    const pending: Promise<void>[] = [];
    const finished: Promise<void>[] = [];
    const start = performance.now();
    let sent = 0;
    while (sent < total) {
      const now = performance.now();
      // Every request now due goes out, each timed from when it was due, not from when it left.
      while (sent < total && start + sent * interval <= now) {
        const due = start + sent * interval;
        const item = requests[sent % requests.length] as LoadRequest;
        pending.push(
          send(item, due, finished).then((status) => {
            if (status === TIMED_OUT) {
              timeouts += 1;
              latencies.push(timeoutMs);
              kept?.push({ dueAt: performance.timeOrigin + due, ms: timeoutMs });
            } else if (status === 0) errors += 1;
            else if (status < 200 || status >= 300) non2xx += 1;
            else {
              const ms = performance.now() - due;
              latencies.push(ms);
              kept?.push({ dueAt: performance.timeOrigin + due, ms });
            }
          }),
        );
        sent += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(pending);
    const elapsed = (performance.now() - start) / 1000;
    // The answers still owed to abandoned requests: the server works them off before the next measure.
    let drained: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(finished),
      new Promise((resolve) => (drained = setTimeout(resolve, 30_000))),
    ]);
    clearTimeout(drained);
    return { latencies, non2xx, errors, timeouts, elapsed, total };
  };

  try {
    await run(warmupSeconds);
    const { latencies, non2xx, errors, timeouts, elapsed, total } = await run(seconds, samples);
    latencies.sort((a, b) => a - b);
    const at = (quantile: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))] ?? 0);
    return {
      name,
      requestsPerSecond: Math.round((latencies.length - timeouts) / elapsed),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      requests: total,
      non2xx,
      errors: errors + timeouts,
      timeouts,
      timeoutMs,
    };
  } finally {
    agent.destroy();
  }
}
