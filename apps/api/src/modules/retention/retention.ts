/**
 * Data retention (docs/decisions/data-retention.md): medical orders (leads) older than
 * RETENTION_ORDER_DAYS go with their files and notes; appointments never confirmed nor paid
 * (pending, expired, cancelled) older than RETENTION_ABANDONED_DAYS lose their people and address,
 * keeping ids, dates, amounts and statuses. Each run writes one audit row with its counts.
 */
import { and, eq, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Config } from '../../config.ts';
import { type Db, markErasing } from '../../db/database.ts';
import {
  appointments,
  auditLog,
  medicalOrderFiles,
  medicalOrders,
  outboxEvents,
  payments,
} from '../../db/schema.ts';
import { ERASED_ADDRESS, ERASED_PAYLOAD, erasePatient } from './erase.ts';

export interface RetentionSettings {
  /** Days a medical order (lead) and its files are kept; 0 keeps them forever. */
  orderDays: number;
  /** Days an abandoned appointment keeps its personal data; 0 keeps it forever. */
  abandonedDays: number;
}

export interface RetentionResult {
  ordersDeleted: number;
  filesDeleted: number;
  /** Orders whose files could not all be removed: kept, tried again on the next run. */
  ordersFailed: number;
  appointmentsErased: number;
}

const DAY_MS = 86_400_000;
/** Orders per run: a backlog is worked through over a few runs rather than in one long one. */
const ORDER_BATCH = 500;
const APPOINTMENT_BATCH = 1000;

/** Payments that mean money moved or is owed: an appointment with one is never "abandoned". */
const MONEY_STATUSES = [
  'processing',
  'approved',
  'pending',
  'cash',
  'refunded',
  'company_billed',
  'company_paid',
  'written_off',
] as const;

/** Deletes old orders with their files (through the storage, fs or S3 alike). */
async function deleteOldOrders(db: Db, storage: FileStorage, cutoff: Date) {
  const old = await db
    .select({ id: medicalOrders.id })
    .from(medicalOrders)
    .where(lt(medicalOrders.createdAt, cutoff))
    .orderBy(medicalOrders.createdAt)
    .limit(ORDER_BATCH);
  let ordersDeleted = 0;
  let filesDeleted = 0;
  let ordersFailed = 0;
  for (const { id } of old) {
    const files = await db
      .select({ key: medicalOrderFiles.storageKey })
      .from(medicalOrderFiles)
      .where(eq(medicalOrderFiles.medicalOrderId, id));
    try {
      // Files first: a row is never gone while its file stays (a missing file is no error).
      for (const file of files) await storage.remove(file.key);
    } catch {
      ordersFailed += 1;
      continue;
    }
    // Its files' rows and its notes go with it (on delete cascade).
    const deleted = await db
      .delete(medicalOrders)
      .where(eq(medicalOrders.id, id))
      .returning({ id: medicalOrders.id });
    if (deleted.length > 0) {
      ordersDeleted += 1;
      filesDeleted += files.length;
    }
  }
  return { ordersDeleted, filesDeleted, ordersFailed };
}

/** Erases the people and address of old appointments never confirmed nor paid. */
async function eraseAbandoned(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await markErasing(tx as unknown as Db);
    const rows = await tx
      .select({ id: appointments.id, patients: appointments.patients })
      .from(appointments)
      .where(
        and(
          inArray(appointments.status, ['pending', 'expired', 'cancelled']),
          isNull(appointments.confirmedAt),
          lt(appointments.createdAt, cutoff),
          // Not erased yet: an erased appointment's address line is empty.
          ne(appointments.addressLine1, ''),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(
                  eq(payments.appointmentId, appointments.id),
                  inArray(payments.status, [...MONEY_STATUSES]),
                ),
              ),
          ),
        ),
      )
      .limit(APPOINTMENT_BATCH)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .update(appointments)
        .set({ ...ERASED_ADDRESS, patients: row.patients.map(erasePatient) })
        .where(eq(appointments.id, row.id));
    }
    if (rows.length > 0) {
      // What was owed to the outside for them loses its content; what was not sent never will be.
      await tx
        .update(outboxEvents)
        .set({
          payload: ERASED_PAYLOAD,
          failedAt: sql`case when ${outboxEvents.deliveredAt} is null then coalesce(${outboxEvents.failedAt}, now()) else ${outboxEvents.failedAt} end`,
        })
        .where(
          inArray(
            outboxEvents.appointmentId,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows.length;
  });
}

/** One retention pass at `now`; a setting of 0 skips its part. */
export async function applyRetention(
  db: Db,
  storage: FileStorage,
  now: Date,
  settings: RetentionSettings,
): Promise<RetentionResult> {
  const orders =
    settings.orderDays > 0
      ? await deleteOldOrders(db, storage, new Date(now.getTime() - settings.orderDays * DAY_MS))
      : { ordersDeleted: 0, filesDeleted: 0, ordersFailed: 0 };
  const appointmentsErased =
    settings.abandonedDays > 0
      ? await eraseAbandoned(db, new Date(now.getTime() - settings.abandonedDays * DAY_MS))
      : 0;
  const result: RetentionResult = { ...orders, appointmentsErased };
  await db.insert(auditLog).values({
    at: now,
    actor: 'retention',
    action: 'retention.applied',
    entityType: 'retention',
    entityId: null,
    partnerId: null,
    before: null,
    after: {
      order_days: settings.orderDays,
      abandoned_days: settings.abandonedDays,
      orders_deleted: result.ordersDeleted,
      files_deleted: result.filesDeleted,
      orders_failed: result.ordersFailed,
      appointments_erased: result.appointmentsErased,
    },
  });
  return result;
}

/**
 * What server.ts schedules (once a day): the configured settings, the configured storage (made
 * on first use, so a server that never deletes never loads the S3 SDK).
 */
export function createRetentionJob(db: Db, config: Config): () => Promise<RetentionResult | null> {
  let storage: Promise<FileStorage> | null = null;
  return async () => {
    if (config.RETENTION_ORDER_DAYS === 0 && config.RETENTION_ABANDONED_DAYS === 0) return null;
    storage ??= import('../../adapters/storage/create-storage.ts').then(({ createStorage }) =>
      createStorage(config),
    );
    return applyRetention(db, await storage, new Date(), {
      orderDays: config.RETENTION_ORDER_DAYS,
      abandonedDays: config.RETENTION_ABANDONED_DAYS,
    });
  };
}
