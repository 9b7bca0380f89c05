import { Agent, request } from 'node:http';
import type { LoadRequest, LoadResult } from './load.ts';

/**
 * A latency goal stated at a load ('p99 ≤ 50 ms at 500 requests/s') is measured open-loop: the
 * requests are sent on a fixed schedule, one every 1000/rate ms, whatever the answers do, and each
 * latency is counted from the moment its request was due. autocannon's `overallRate` does not do
 * this: each connection sends its whole quota for the second at once and then waits, so the load
 * comes in bursts, and its coordinated-omission correction takes the per-connection rate as the
 * interval in milliseconds, adding phantom samples to every slow answer.
 */
export async function measureAtRate(
  name: string,
  baseUrl: string,
  requests: LoadRequest[],
  { seconds = 10, rate, warmupSeconds = 2 }: { seconds?: number; rate: number; warmupSeconds?: number },
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const send = (item: LoadRequest) =>
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
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on('error', () => resolve(0));
      outgoing.end(body);
    });

  const run = async (duration: number) => {
    const interval = 1000 / rate;
    const total = Math.round(duration * rate);
    const latencies: number[] = [];
    let non2xx = 0;
    let errors = 0;
    const pending: Promise<void>[] = [];
    const start = performance.now();
    let sent = 0;
    while (sent < total) {
      const now = performance.now();
      // Every request now due goes out, each timed from when it was due, not from when it left.
      while (sent < total && start + sent * interval <= now) {
        const due = start + sent * interval;
        const item = requests[sent % requests.length] as LoadRequest;
        pending.push(
          send(item).then((status) => {
            if (status === 0) errors += 1;
            else if (status < 200 || status >= 300) non2xx += 1;
            else latencies.push(performance.now() - due);
          }),
        );
        sent += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(pending);
    const elapsed = (performance.now() - start) / 1000;
    return { latencies, non2xx, errors, elapsed, total };
  };

  try {
    await run(warmupSeconds);
    const { latencies, non2xx, errors, elapsed, total } = await run(seconds);
    latencies.sort((a, b) => a - b);
    const at = (quantile: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))] ?? 0);
    return {
      name,
      requestsPerSecond: Math.round(latencies.length / elapsed),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      requests: total,
      non2xx,
      errors,
    };
  } finally {
    agent.destroy();
  }
}
