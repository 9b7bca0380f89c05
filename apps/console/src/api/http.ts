import { consoleCsrf } from '@visita/domain/contract/endpoints';
import { type Endpoint, pathFor } from '@visita/domain/contract/endpoint';
import type { AnswerOf, BodyOf, ParamsOf, QueryOf } from '@visita/domain/contract/endpoint-types';

/** The text of a failure that is not an API answer (no network, a page that is not JSON). */
const UNEXPECTED_ERROR = 'Ha ocurrido un error inesperado. Inténtalo de nuevo.';

/** A failed call: its HTTP status and the API's `{err, msg}` (or the answer's text). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: unknown,
  ) {
    super(messageOf(error) ?? UNEXPECTED_ERROR);
    this.name = 'HttpError';
  }

  /** The API's `err` slug, when the answer had one. */
  get slug(): string | undefined {
    return typeof this.error === 'object' && this.error && 'err' in this.error
      ? String((this.error as { err: unknown }).err)
      : undefined;
  }
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error && 'msg' in error) {
    const msg = (error as { msg: unknown }).msg;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return undefined;
}

/** What to show of a failure: the API's Spanish `msg`, else the generic text. */
export function errorMessage(error: unknown): string {
  return error instanceof HttpError ? (messageOf(error.error) ?? UNEXPECTED_ERROR) : UNEXPECTED_ERROR;
}

/** A call's parts, typed by its endpoint's schemas. */
export interface RequestOptions<E extends Endpoint> {
  /** The path's ':name' parameters. */
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
}

const CSRF_INVALID = 'csrf-invalid';
let csrfToken: Promise<string> | null = null;

/** The session's CSRF token, asked once and kept in memory (a sign-in or sign-out forgets it). */
function csrf(): Promise<string> {
  csrfToken ??= send(consoleCsrf, {}, null).then(
    (answer) => answer.csrf_token,
    (error: unknown) => {
      csrfToken = null;
      throw error;
    },
  );
  return csrfToken;
}

/** Forget the CSRF token (the next write asks for a new one). */
export function forgetCsrfToken(): void {
  csrfToken = null;
}

async function send<E extends Endpoint>(
  endpoint: E,
  { params, query, body, signal }: RequestOptions<E>,
  token: string | null,
): Promise<AnswerOf<E>> {
  const url = new URL(
    pathFor(endpoint, params as Record<string, string | number> | undefined),
    window.location.origin,
  );
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-csrf-token'] = token;
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      signal,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(0, UNEXPECTED_ERROR);
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text as the error body.
  }
  if (!response.ok) throw new HttpError(response.status || 500, data ?? response.statusText);
  return data as AnswerOf<E>;
}

/**
 * Every console call goes through here, given its endpoint's declaration: the session cookie
 * (same origin), JSON both ways, on writes the CSRF token (asked again once if the API refuses
 * it), and one error shape. Aborts pass through untouched.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<AnswerOf<E>> {
  if (endpoint.method === 'GET') return send(endpoint, options, null);
  try {
    return (await send(endpoint, options, await csrf())) as AnswerOf<E>;
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 403 || error.slug !== CSRF_INVALID) throw error;
    forgetCsrfToken();
    return send(endpoint, options, await csrf());
  }
}
