import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsStorage } from '../../adapters/storage/fs-storage.ts';
import type { Db } from '../../db/database.ts';
import {
  appointments,
  auditLog,
  leadNotes,
  medicalOrderFiles,
  medicalOrders,
  outboxEvents,
} from '../../db/schema.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { loadConfig } from '../../config.ts';
import { applyRetention, createRetentionJob } from './retention.ts';
import { insertAppointment, insertOrder, insertPayment, person } from './test-rows.ts';

const DAY = 86_400_000;
const now = new Date('2027-06-01T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe.each(TEST_ENGINES)('data retention on $name', (engine) => {
  let testDb: TestDatabase;
  let db: Db;
  let dataDir: string;
  let storage: ReturnType<typeof createFsStorage>;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    db = testDb.database.db;
    dataDir = await mkdtemp(join(tmpdir(), 'visita-retention-'));
    storage = createFsStorage(dataDir);
  }, 60_000);
  afterAll(async () => {
    await testDb?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const appointment = async (id: string) =>
    (await db.select().from(appointments).where(eq(appointments.id, id)))[0];

  it('deletes old orders with their files and notes, keeps recent ones; erases abandoned appointments only', async () => {
    const oldOrder = await insertOrder(db, storage, { email: 'vieja@example.cl', createdAt: ago(400) });
    const newOrder = await insertOrder(db, storage, { email: 'nueva@example.cl', createdAt: ago(30) });
    expect(existsSync(storage.pathOf(oldOrder.key))).toBe(true);

    const patients = [person('11.111.111-1', 'ana@example.cl')];
    const abandoned = await insertAppointment(db, { patients, createdAt: ago(100), status: 'expired' });
    const cancelledUnpaid = await insertAppointment(db, {
      patients,
      createdAt: ago(200),
      status: 'cancelled',
    });
    await insertPayment(db, cancelledUnpaid, 'rejected');
    const recent = await insertAppointment(db, { patients, createdAt: ago(10), status: 'pending' });
    const confirmed = await insertAppointment(db, {
      patients,
      createdAt: ago(300),
      status: 'confirmed',
      confirmedAt: ago(300),
    });
    const paidThenCancelled = await insertAppointment(db, {
      patients,
      createdAt: ago(300),
      status: 'cancelled',
    });
    await insertPayment(db, paidThenCancelled, 'approved');
    await db.insert(outboxEvents).values({
      topic: 'appointment.cancelled',
      channel: 'email',
      appointmentId: abandoned,
      payload: { to: 'ana@example.cl', kind: 'cancelled' },
    });

    const result = await applyRetention(db, storage, now, { orderDays: 365, abandonedDays: 90 });
    expect(result).toEqual({ ordersDeleted: 1, filesDeleted: 1, ordersFailed: 0, appointmentsErased: 2 });

    expect(await db.select().from(medicalOrders).where(eq(medicalOrders.id, oldOrder.id))).toEqual([]);
    expect(
      await db.select().from(medicalOrderFiles).where(eq(medicalOrderFiles.medicalOrderId, oldOrder.id)),
    ).toEqual([]);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.medicalOrderId, oldOrder.id))).toEqual([]);
    expect(existsSync(storage.pathOf(oldOrder.key))).toBe(false);
    expect(await db.select().from(medicalOrders).where(eq(medicalOrders.id, newOrder.id))).toHaveLength(1);
    expect(existsSync(storage.pathOf(newOrder.key))).toBe(true);

    for (const id of [abandoned, cancelledUnpaid]) {
      const row = await appointment(id);
      expect(row).toMatchObject({
        addressLine1: '',
        targetAddress: '',
        targetStreetNumber: '',
        targetLat: 0,
        targetLng: 0,
        targetApartmentNumber: null,
        targetAddressAdditionalInfo: null,
        zipCode: null,
        comuna: 'Las Condes',
        amounts: { subtotal: 10_000, discount: 0, iva: 0, total: 10_000 },
        patients: [{ items: [1], packs: [], is_fonasa: false, fonasa_tier: null }],
      });
      expect(JSON.stringify(row)).not.toMatch(/ana@example|11\.111|Pérez|\+569/);
    }
    const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.appointmentId, abandoned));
    expect(event?.payload).toEqual({ erased: true });
    expect(event?.failedAt).not.toBeNull();
    for (const id of [recent, confirmed, paidThenCancelled])
      expect((await appointment(id))?.patients[0]).toMatchObject({ email: 'ana@example.cl' });

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'retention.applied'));
    expect(audit).toMatchObject({
      actor: 'retention',
      after: { orders_deleted: 1, files_deleted: 1, appointments_erased: 2 },
    });

    // A second run finds nothing more; 0 keeps forever.
    expect(await applyRetention(db, storage, now, { orderDays: 365, abandonedDays: 90 })).toEqual({
      ordersDeleted: 0,
      filesDeleted: 0,
      ordersFailed: 0,
      appointmentsErased: 0,
    });
    const kept = await applyRetention(db, storage, new Date(now.getTime() + 1000 * DAY), {
      orderDays: 0,
      abandonedDays: 0,
    });
    expect(kept).toMatchObject({ ordersDeleted: 0, appointmentsErased: 0 });
    expect(existsSync(storage.pathOf(newOrder.key))).toBe(true);
  });

  it('keeps an order whose file the storage cannot remove, to try again', async () => {
    const order = await insertOrder(db, storage, { email: 'x@example.cl', createdAt: ago(500) });
    const failing = { ...storage, remove: () => Promise.reject(new Error('S3 down')) };
    expect(await applyRetention(db, failing, now, { orderDays: 365, abandonedDays: 0 })).toMatchObject({
      ordersDeleted: 0,
      ordersFailed: 1,
    });
    expect(await db.select().from(medicalOrders).where(eq(medicalOrders.id, order.id))).toHaveLength(1);
    expect(await applyRetention(db, storage, now, { orderDays: 365, abandonedDays: 0 })).toMatchObject({
      ordersDeleted: 1,
    });
  });

  it('the scheduled job reads the settings: 0 and 0 does nothing; the defaults run with the configured storage', async () => {
    const off = loadConfig({ DATA_DIR: dataDir, RETENTION_ORDER_DAYS: '0', RETENTION_ABANDONED_DAYS: '0' });
    expect(await createRetentionJob(db, off)()).toBeNull();
    const order = await insertOrder(db, storage, {
      email: 'y@example.cl',
      createdAt: new Date(Date.now() - 400 * DAY),
    });
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults).toMatchObject({ RETENTION_ORDER_DAYS: 365, RETENTION_ABANDONED_DAYS: 90 });
    expect(await createRetentionJob(db, defaults)()).toMatchObject({ ordersDeleted: 1, filesDeleted: 1 });
    expect(existsSync(storage.pathOf(order.key))).toBe(false);
    expect(() => loadConfig({ RETENTION_ORDER_DAYS: '-1', RETENTION_ABANDONED_DAYS: 'nunca' })).toThrow(
      /RETENTION_ORDER_DAYS="-1": debe estar entre 0 y 3650[\s\S]*RETENTION_ABANDONED_DAYS="nunca": debe ser un número de días/,
    );
  });
});
