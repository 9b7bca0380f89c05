import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of every webhook request. */
export const SIGNATURE_HEADER = 'x-visita-signature';
export const TIMESTAMP_HEADER = 'x-visita-timestamp';
export const EVENT_ID_HEADER = 'x-visita-event-id';

/** A receiver refuses requests signed longer ago than this: a captured request cannot be replayed later. */
export const REPLAY_WINDOW_SECONDS = 300;

/** HMAC-SHA256 of `<timestamp>.<body>` with the partner's secret, hex. */
function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header's value: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;
}

export type Verification = { ok: true } | { ok: false; reason: 'malformed' | 'expired' | 'mismatch' };

/**
 * What a partner runs on receipt (docs/webhooks.md shows it): the header parsed, the timestamp
 * within the replay window of `nowSeconds`, and the signature compared in constant time against
 * the raw body as received (before any JSON parsing).
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
  windowSeconds = REPLAY_WINDOW_SECONDS,
): Verification {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]),
  );
  const timestamp = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given))
    return { ok: false, reason: 'malformed' };
  if (Math.abs(nowSeconds - timestamp) > windowSeconds) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'))
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
