import type { ClientConfig } from '@visita/domain/contract/client-config';
import { afterAll, beforeAll } from 'vitest';
import { TEST_ENGINES } from '../../../api/src/test-support/databases.ts';
import { createTestApp, type TestApp } from '../../../api/src/test-support/test-app.ts';

/** What a test reads back from a call it makes itself (to prepare an appointment, a cart, a booking). */
interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** The real API of this test file, on its own embedded database with the demo dataset. */
export interface RealApi {
  /** The Fastify app itself, for what a test checks on the server's side. */
  readonly app: TestApp['app'];
  /** A JSON call straight to the API ('/api/...'), as another client of the server would make it. */
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  /** A client's configuration as the API answers it to the widget. */
  clientConfig(id: string): Promise<ClientConfig>;
  /** Every request the widget sent, in order ('GET /api/...'), for rules about what it asks. */
  readonly requests: readonly string[];
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * The widget's `fetch`, answered by the real app in-process (`app.inject`): the request is read
 * as the browser would send it (JSON, or a multipart form of files) and the answer comes back as
 * a real `Response`. Nothing is faked: the routes, validation, database and adapters are the
 * server's own (its offline geocoder and card sandbox).
 */
function injectingFetch(app: TestApp['app'], requests: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const signal = init?.signal ?? null;
    if (signal?.aborted) throw abortError();
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
    requests.push(`${request.method} ${url.pathname}`);
    const answered = app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(payload && payload.length > 0 ? { payload } : {}),
    });
    const reply = await new Promise<Awaited<typeof answered>>((resolve, reject) => {
      const onAbort = () => reject(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      answered.then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbort));
    });
    const answerHeaders = new Headers();
    for (const [key, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      answerHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NO_BODY_STATUSES.has(reply.statusCode) ? null : reply.body, {
      status: reply.statusCode,
      headers: answerHeaders,
    });
  };
}

/**
 * Builds the real API once for the test file (beforeAll) on a fresh PGlite database seeded with
 * the demo dataset, routes the widget's `fetch` to it, and restores `fetch` and closes the app
 * afterwards (afterAll). `env` sets the server's configuration beyond the tests' defaults.
 */
export function withRealApi({ env }: { env?: Record<string, string> } = {}): RealApi {
  let testApp: TestApp | null = null;
  let originalFetch: typeof fetch | null = null;
  const requests: string[] = [];
  const running = (): TestApp => {
    if (!testApp) throw new Error('The API starts in beforeAll: use it inside a test.');
    return testApp;
  };

  beforeAll(async () => {
    const pglite = TEST_ENGINES.find((engine) => engine.name === 'pglite');
    if (!pglite) throw new Error('No PGlite engine');
    testApp = await createTestApp(pglite, env ? { env } : {});
    originalFetch = globalThis.fetch;
    globalThis.fetch = injectingFetch(testApp.app, requests);
  }, 120_000);

  afterAll(async () => {
    if (originalFetch) globalThis.fetch = originalFetch;
    await testApp?.close();
    testApp = null;
  }, 60_000);

  const api: RealApi = {
    get app() {
      return running().app;
    },
    requests,
    async call(method, url, { body, headers = {} } = {}) {
      const reply = await running().app.inject({
        method,
        url,
        headers: { accept: 'application/json', ...headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      const text = reply.body;
      return { status: reply.statusCode, body: text ? JSON.parse(text) : null };
    },
    async clientConfig(id) {
      const answer = await api.call<ClientConfig>(
        'GET',
        `/api/alliances/clients/sdk-config/?id=${encodeURIComponent(id)}`,
      );
      if (answer.status !== 200) throw new Error(`No config for ${id}: ${answer.status}`);
      return answer.body;
    },
  };
  return api;
}
