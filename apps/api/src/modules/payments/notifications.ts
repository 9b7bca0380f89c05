/**
 * MercadoPago's payment notifications: verified by their signature, then the payment is read again
 * from MercadoPago and reconciled as any other (reconcile.ts). The notification's own content
 * decides nothing, so a repeated, late or forged-but-signed one changes nothing a read would not.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import { isAppointmentId } from '../appointments/access.ts';
import { type ReconcileContext, reconcilePayment } from './reconcile.ts';

/** How far the signature's timestamp may be from now: a captured notification cannot be replayed later. */
const SIGNATURE_TOLERANCE_MS = 10 * 60_000;

/**
 * Whether `x-signature` ('ts=…,v1=…') is MercadoPago's HMAC-SHA256, with the secret, of the
 * manifest 'id:<data.id>;request-id:<x-request-id>;ts:<ts>;' (an alphanumeric id lower-cased, a
 * part left out when the notification has no such value), and its timestamp is recent.
 */
export function isSignedByGateway(
  secret: string,
  signature: string | undefined,
  requestId: string | undefined,
  dataId: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!signature) return false;
  const parts = Object.fromEntries(
    signature.split(',').map((part) => {
      const [key = '', ...value] = part.split('=');
      return [key.trim(), value.join('=').trim()];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  // MercadoPago sends seconds, some integrations milliseconds.
  const sentAt = ts.length > 11 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs(now.getTime() - sentAt) > SIGNATURE_TOLERANCE_MS) return false;
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const manifest = (id ? `id:${id};` : '') + (requestId ? `request-id:${requestId};` : '') + `ts:${ts};`;
  const expected = createHmac('sha256', secret).update(manifest).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

/**
 * A payment MercadoPago says changed: read again from MercadoPago, and ours (its external
 * reference) reconciled if it is still open. Anything else (another topic, an unknown payment,
 * one of another integration, one already settled) is acknowledged and left alone.
 */
export async function onGatewayNotification(
  ctx: Pick<ReconcileContext, 'db' | 'gateway' | 'log'>,
  gatewayPaymentId: string,
  now: Date = new Date(),
): Promise<void> {
  const charge = await ctx.gateway.getCharge(gatewayPaymentId);
  const reference = charge?.externalReference;
  if (!reference || !isAppointmentId(reference)) return;
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, reference));
  if (!payment || (payment.status !== 'processing' && payment.status !== 'pending')) return;
  await reconcilePayment(ctx, payment, now);
}
