import { readPartnerProfile } from '@visita/domain/partner-profile';
import type { Db } from '../../db/database.ts';
import type { ClientRow } from '../../db/schema.ts';
import type { MedicalOrderRow } from '../orders/queries.ts';
import { enqueueEvents } from '../outbox/queries.ts';

const MEDICAL_ORDER_RECEIVED = 'medical_order.received';

/** What a partner's endpoint learns of a medical order; the person's data only where its profile says so. */
function orderWebhookData(
  order: MedicalOrderRow,
  files: number,
  includePersonalData: boolean,
): Record<string, unknown> {
  const lead = order.lead as Record<string, unknown>;
  return {
    order_id: order.groupedOrdenMedicaId,
    client_id: order.clientId,
    sales_source: order.salesSource,
    country: order.country,
    commune: typeof lead.comuna === 'string' ? lead.comuna : null,
    files,
    received_at: order.createdAt.toISOString(),
    ...(includePersonalData
      ? {
          name: lead.name ?? null,
          email: lead.email ?? null,
          phone: lead.phone ?? null,
          address: lead.target_address ?? null,
        }
      : {}),
  };
}

/**
 * Writes, with the transaction that records the order, the webhook a partner with an endpoint is
 * owed ('medical_order.received'); the outbox delivers and retries it.
 */
export async function writeOrderEvents(
  tx: Db,
  client: Pick<ClientRow, 'id' | 'profile'>,
  order: MedicalOrderRow,
  files: number,
): Promise<void> {
  const { webhook } = readPartnerProfile(client.profile);
  if (!webhook) return;
  await enqueueEvents(tx, [
    {
      topic: MEDICAL_ORDER_RECEIVED,
      channel: 'webhook',
      clientId: client.id,
      appointmentId: null,
      payload: orderWebhookData(order, files, webhook.include_personal_data),
    },
  ]);
}
