import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader, TIMESTAMP_HEADER } from './signature.ts';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/** HTTPS only, except on this machine's loopback, where a partner's test receiver runs. */
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
 * POSTs one event, signed; anything but a 2xx answer within `timeoutMs` is a failure the outbox
 * retries. The body is sent exactly as signed. Redirects are not followed: a partner moves its
 * endpoint in its profile.
 */
export async function deliverWebhook(
  endpoint: WebhookEndpoint,
  event: { id: string; topic: string; payload: Record<string, unknown> },
  { now = new Date(), timeoutMs = 10_000 }: { now?: Date; timeoutMs?: number } = {},
): Promise<void> {
  if (!isAllowedWebhookUrl(endpoint.url)) throw new WebhookDeliveryError('webhook url not allowed');
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({ id: event.id, type: event.topic, created: timestamp, data: event.payload });
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Visita-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
        [TIMESTAMP_HEADER]: String(timestamp),
        [EVENT_ID_HEADER]: event.id,
      },
      body,
    });
  } catch (error) {
    throw new WebhookDeliveryError(
      `webhook request failed: ${error instanceof Error ? error.name : 'error'}`,
    );
  }
  // Drain the answer so the connection is released; its content is not ours to keep.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status >= 300) {
    throw new WebhookDeliveryError(`webhook answered ${response.status}`);
  }
}
