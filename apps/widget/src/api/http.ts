import {
  BROWSER_KEY_HEADER,
  type Endpoint,
  pathFor,
  POLYGON_BETA_TESTER_HEADER,
} from '@visita/domain/contract/endpoint';
import type { AnswerOf, BodyOf, HeadersOf, ParamsOf, QueryOf } from '@visita/domain/contract/endpoint-types';
import { browserKey } from './browser-key.ts';
/** The text of a failure that is not an HTTP answer. */
export const UNEXPECTED_ERROR = 'Ha ocurrido un error inesperado';

/** The generic helper's error: the answer's body or text, and its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: unknown,
  ) {
    super(typeof error === 'string' ? error : UNEXPECTED_ERROR);
    this.name = 'HttpError';
  }

  /** The API's `{err, msg}` slug, when the answer had one. */
  get slug(): string | undefined {
    return typeof this.error === 'object' && this.error && 'err' in this.error
      ? String((this.error as { err: unknown }).err)
      : undefined;
  }
}

/** The API's Spanish `msg` when the failure carried one, else `fallback` (the product's generic text). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof HttpError && typeof error.error === 'object' && error.error && 'msg' in error.error) {
    const msg = (error.error as { msg: unknown }).msg;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return fallback;
}

export interface RequestContext {
  apiToken?: string | null;
  /** The appointment's token from its creation: calls on that appointment present it. */
  appointmentToken?: string | null;
  /** The appointment in course: with its token, it lets the patient look-ups answer this booking. */
  appointmentId?: string | null;
  /** The selected address: every call carries it. */
  address?: { latitude: number; longitude: number } | null;
}

/** A call's parts, typed by its endpoint's schemas. */
export interface RequestOptions<E extends Endpoint> {
  /** The path's ':name' parameters. */
  params?: ParamsOf<E>;
  context?: RequestContext;
  signal?: AbortSignal;
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  /** The headers the endpoint declares for itself. */
  headers?: HeadersOf<E>;
}

/**
 * Every call of the contract goes through here, given its endpoint's declaration (its method and path,
 * declared once in the domain's contract): the product's headers, JSON both ways, and one error
 * shape. What it sends and answers is typed by the endpoint's schemas. Aborts (a newer request replaced this one) pass through untouched.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  { params, context, signal, body, query, headers: declared }: RequestOptions<E> = {},
): Promise<AnswerOf<E>> {
  const { method } = endpoint;
  const url = new URL(
    pathFor(endpoint, params as Record<string, string | number> | undefined),
    window.location.origin,
  );
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, String(value));
  }
  // The product's calls all say they are in the polygon beta; this API reads nothing from it.
  const headers: Record<string, string> = {
    accept: 'application/json',
    [POLYGON_BETA_TESTER_HEADER]: 'true',
    [BROWSER_KEY_HEADER]: browserKey(),
  };
  for (const [key, value] of Object.entries((declared ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) headers[key] = String(value);
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (context?.apiToken) headers.authorization = `Bearer ${context.apiToken}`;
  if (context?.appointmentToken) {
    headers['x-appointment-token'] = context.appointmentToken;
    if (context.appointmentId) headers['x-appointment-id'] = context.appointmentId;
  }
  if (context?.address) {
    headers['x-address-latitude'] = String(context.address.latitude);
    headers['x-address-longitude'] = String(context.address.longitude);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(500, UNEXPECTED_ERROR);
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
