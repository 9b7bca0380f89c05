import autocannon from 'autocannon';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Transport failures, timeouts included. */
  errors: number;
  /** Open loop: requests abandoned unanswered `timeoutMs` after they were due (counted in errors). */
  timeouts?: number;
  timeoutMs?: number;
}

/**
 * Drives `requests` round-robin against the server for `seconds` with `connections` open
 * connections, after a short warm-up so JIT and connection pools are settled: how fast it answers
 * flat out. A latency at a given load is measured open-loop (open-loop.ts).
 */
export async function measure(
  name: string,
  baseUrl: string,
  requests: LoadRequest[],
  {
    seconds = 10,
    connections = 32,
    warmupSeconds = 2,
  }: {
    seconds?: number;
    connections?: number;
    warmupSeconds?: number;
  } = {},
): Promise<LoadResult> {
  const toAutocannon = requests.map((request) => ({
    method: request.method ?? 'GET',
    path: request.path,
    headers: { 'content-type': 'application/json', ...request.headers },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  }));
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections,
      duration,
      requests: toAutocannon,
    });
  await run(warmupSeconds);
  const result = await run(seconds);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
