import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, InternalAddressRefused, isPublicAddress } from './webhook-address.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader, TIMESTAMP_HEADER } from './signature.ts';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/**
 * HTTPS only, except on this machine's loopback, where a partner's test receiver runs (and which
 * only a delivery allowed internal addresses reaches).
 */
export function isAllowedWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

class WebhookDeliveryError extends Error {}

/**
 * The failures a delivery records (the outbox keeps the message; the operator's deliveries list
 * shows it). None carries what a host answered beyond its status, nor why a connection failed:
 * a refused address says only that.
 */
const WEBHOOK_FAILURES = {
  notAllowed: 'webhook url not allowed',
  refused: 'webhook refused: internal address',
  timeout: 'webhook request failed: timeout',
  noConnection: 'webhook request failed: connection',
  answered: (status: number) => `webhook answered ${status}`,
} as const;

const KNOWN_FAILURE =
  /^webhook (url not allowed|refused: internal address|request failed: (timeout|connection)|answered \d{3})$/;

/**
 * What the deliveries list shows of a recorded failure: one of ours as it is, anything else (an
 * error from elsewhere, whose text may quote a host or a database) as a plain failure.
 */
export function failureForOperators(lastError: string | null): string | null {
  if (lastError === null) return null;
  return KNOWN_FAILURE.test(lastError) ? lastError : 'webhook delivery failed';
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** POSTs `body` and resolves to the answer's status; its content is never read. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, guarded }: { timeoutMs: number; guarded: boolean },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own each time: a pooled socket would skip the lookup's check.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
        ...(guarded ? { lookup: guardedLookup } : {}),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        // The status is all we keep; the connection closes without reading the answer.
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * POSTs one event, signed; anything but a 2xx answer within `timeoutMs` is a failure the outbox
 * retries. The body is sent exactly as signed. Redirects are not followed: a partner moves its
 * endpoint in its profile. Unless `allowPrivate` (WEBHOOK_ALLOW_PRIVATE: tests whose receiver
 * runs on this machine), only public addresses are connected to: an IP in the URL is checked as
 * it is, a name on the addresses the connection itself resolves (`guardedLookup`).
 */
export async function deliverWebhook(
  endpoint: WebhookEndpoint,
  event: { id: string; topic: string; payload: Record<string, unknown> },
  {
    now = new Date(),
    timeoutMs = 10_000,
    allowPrivate = false,
  }: { now?: Date; timeoutMs?: number; allowPrivate?: boolean } = {},
): Promise<void> {
  if (!isAllowedWebhookUrl(endpoint.url)) throw new WebhookDeliveryError(WEBHOOK_FAILURES.notAllowed);
  const url = new URL(endpoint.url);
  // The socket resolves no IP literal, so the lookup's check would never see one.
  if (!allowPrivate && isIP(bareHost(url)) && !isPublicAddress(bareHost(url)))
    throw new WebhookDeliveryError(WEBHOOK_FAILURES.refused);
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({ id: event.id, type: event.topic, created: timestamp, data: event.payload });
  let status: number;
  try {
    status = await post(
      url,
      {
        'content-type': 'application/json',
        'user-agent': 'Visita-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
        [TIMESTAMP_HEADER]: String(timestamp),
        [EVENT_ID_HEADER]: event.id,
      },
      body,
      { timeoutMs, guarded: !allowPrivate },
    );
  } catch (error) {
    if (error instanceof InternalAddressRefused) throw new WebhookDeliveryError(WEBHOOK_FAILURES.refused);
    const timedOut = error instanceof Error && error.name === 'AbortError';
    throw new WebhookDeliveryError(timedOut ? WEBHOOK_FAILURES.timeout : WEBHOOK_FAILURES.noConnection);
  }
  if (status < 200 || status >= 300) throw new WebhookDeliveryError(WEBHOOK_FAILURES.answered(status));
}
