import * as ERRORS from '@visita/domain/contract/api-errors';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLIENT_ID_HEADER,
  leadHasAddress,
  type MedicalOrdersAnswer,
  type OrderLead,
  orderLeadSchema,
} from '@visita/domain/contract/orders';
import type { FastifyRequest } from 'fastify';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { newStorageKey } from '../../adapters/storage/storage.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import type { ClientRow } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { isStorableText, refineSafeText } from '@visita/domain/contract/safe-text';
import { findClientById } from '../clients/queries.ts';
import { findCoveringSector, isRegionBlocked } from '../coverage/service.ts';
import { writeOrderEvents } from '../notifications/order-events.ts';
import { findClientMedicalOrders, insertMedicalOrder, type NewMedicalOrderFileRow } from './queries.ts';
import { readOrderForm, type StagedFile } from './upload.ts';

const leadSchema = refineSafeText(orderLeadSchema);

/**
 * Which client's widget sends the order: `?client_id=` or the `x-client-id` header (the widget
 * knows its client id from its URL). Required: the lead's sales_source alone is a claim, and only
 * a known client's own source is trusted.
 */
async function resolveOrderClient(
  db: Db,
  request: FastifyRequest,
  queryClientId: string | undefined,
): Promise<ClientRow> {
  const header = request.headers[CLIENT_ID_HEADER];
  const headerClientId = typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
  if (queryClientId && headerClientId && queryClientId !== headerClientId) {
    throw fail(ERRORS.CLIENT_NOT_VALID);
  }
  const clientId = queryClientId ?? headerClientId;
  // An id over the limit or that PostgreSQL cannot store (NUL) names no client; asking would be a 500.
  const client =
    clientId && clientId.length <= 100 && isStorableText(clientId)
      ? await findClientById(db, clientId)
      : undefined;
  if (!client) throw fail(ERRORS.CLIENT_NOT_VALID);
  return client;
}

interface CheckedLead {
  lead: OrderLead;
  sectorId: number;
}

/**
 * The lead's rules, in the order a person can fix them: readable JSON, an address chosen, every
 * field valid (named in the message), the client's own sales source and country, and coverage.
 */
async function checkOrderLead(db: Db, client: ClientRow, value: unknown): Promise<CheckedLead> {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      throw fail(ERRORS.invalidLead('no es un JSON válido.'));
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw fail(ERRORS.invalidLead('debe ser un objeto JSON.'));
  }
  if (!leadHasAddress(raw)) throw fail(ERRORS.NO_ADDRESS);
  const parsed = leadSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path.length ? `lead.${issue.path.join('.')}` : 'lead';
    throw fail(ERRORS.invalidLeadField(field, issue?.message ?? 'no es válido.'));
  }
  const lead = parsed.data;
  if (lead.sales_source !== client.salesSource) {
    throw fail(ERRORS.INVALID_SALES_SOURCE);
  }
  if (lead.country !== client.country) {
    throw fail(ERRORS.INVALID_COUNTRY);
  }
  if (isRegionBlocked(lead.region, lead.sales_source)) throw fail(ERRORS.NO_NURSES);
  const sector = await findCoveringSector(
    db,
    { lat: lead.target_lat, lng: lead.target_lng },
    { country: lead.country, salesSource: lead.sales_source },
  );
  if (!sector) throw fail(ERRORS.NO_NURSES);
  return { lead, sectorId: sector.id };
}

/** Stores the staged files and records the order; on any failure, removes what was stored. */
async function storeOrder(
  db: Db,
  storage: FileStorage,
  client: ClientRow,
  checked: CheckedLead,
  path: string | null,
  files: StagedFile[],
): Promise<string> {
  const groupedOrdenMedicaId = randomUUID();
  const stored: string[] = [];
  try {
    const rows: NewMedicalOrderFileRow[] = [];
    for (const file of files) {
      const key = newStorageKey(`medical-orders/${groupedOrdenMedicaId}`, file.contentType);
      await storage.put({
        key,
        contentType: file.contentType,
        size: file.size,
        body: createReadStream(file.path),
      });
      stored.push(key);
      rows.push({
        storageKey: key,
        contentType: file.contentType,
        size: file.size,
        originalName: file.originalName,
      });
    }
    // The order and what it owes the partner's endpoint commit together, or neither does.
    await inTransaction(db, async (tx) => {
      const order = await insertMedicalOrder(
        tx,
        {
          groupedOrdenMedicaId,
          clientId: client.id,
          salesSource: checked.lead.sales_source,
          country: checked.lead.country,
          path,
          sectorId: checked.sectorId,
          lead: checked.lead,
        },
        rows,
      );
      await writeOrderEvents(tx, client, order, rows.length);
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.remove(key)));
    throw error;
  }
  return groupedOrdenMedicaId;
}

/**
 * POST /orden-medica/create-ticket/: the client first (before any byte of the body is read), then
 * the form part by part; files wait in a private staging folder until the lead and every file are
 * valid, so a refused request stores nothing.
 */
export async function createTicket(
  db: Db,
  storage: FileStorage,
  request: FastifyRequest,
  queryClientId: string | undefined,
): Promise<{ msg: 'ok'; groupedOrdenMedicaId: string }> {
  const client = await resolveOrderClient(db, request, queryClientId);
  const stagingDir = await mkdtemp(join(tmpdir(), 'visita-orden-'));
  try {
    const form = await readOrderForm(request, stagingDir, (value) => checkOrderLead(db, client, value));
    if (!form.lead) throw fail(ERRORS.invalidLead('es obligatorio.'));
    if (form.files.length === 0) throw fail(ERRORS.NO_FILES);
    const groupedOrdenMedicaId = await storeOrder(db, storage, client, form.lead, form.path, form.files);
    return { msg: 'ok', groupedOrdenMedicaId };
  } finally {
    await rm(stagingDir, { recursive: true, force: true });
  }
}

/** GET /orden-medica/: one page of the client's orders, newest first, file facts without contents. */
export async function listMedicalOrders(
  db: Db,
  clientId: string,
  query: { page: number; page_size: number },
): Promise<MedicalOrdersAnswer> {
  const { total, orders, files } = await findClientMedicalOrders(db, clientId, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    count: total,
    page: query.page,
    page_size: query.page_size,
    results: orders.map((order) => ({
      id: order.id,
      grouped_orden_medica_id: order.groupedOrdenMedicaId,
      status: order.status,
      client_id: order.clientId,
      sales_source: order.salesSource,
      country: order.country,
      path: order.path,
      sector_id: order.sectorId,
      created_at: order.createdAt.toISOString(),
      lead: order.lead,
      files: files
        .filter((file) => file.medicalOrderId === order.id)
        .map((file) => ({
          id: file.id,
          content_type: file.contentType,
          size: file.size,
          original_name: file.originalName,
          created_at: file.createdAt.toISOString(),
        })),
    })),
  };
}
