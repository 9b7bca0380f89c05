import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { appointments, nurses, outboxEvents, payments, visits } from '../schema.ts';

/**
 * A fresh demo's bookings are made by the booking rules (docs/decisions/money-ledger.md): each
 * confirmed one has its patient, its partner, its sector, a confirmed visit with a nurse who can
 * do it, and a frozen quote its money agrees with. The console lists none without a patient, a
 * partner, an amount or an hour.
 */
describe.each(TEST_ENGINES)("the demo's bookings on $name", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 120_000);
  afterAll(() => t?.close());

  it('are confirmed with a patient, a partner, a sector, a nurse with the skill and a frozen quote', async () => {
    const confirmed = await t.app.db.select().from(appointments).where(eq(appointments.status, 'confirmed'));
    expect(confirmed.length).toBeGreaterThan(10);
    for (const booking of confirmed) {
      expect(booking.patients.length, booking.id).toBeGreaterThan(0);
      expect(booking.patients[0]?.first_name, booking.id).toBeTruthy();
      expect(booking.patients[0]?.items.length, booking.id).toBeGreaterThan(0);
      expect(booking.clientId, booking.id).toBeTruthy();
      expect(booking.sectorId, booking.id).not.toBeNull();
      expect(booking.quote?.due.total, booking.id).toBeGreaterThan(0);
      expect(booking.quote?.cart_hash, booking.id).toMatch(/^[0-9a-f]{32}$/);
    }
    const booked = await t.app.db
      .select({ appointmentId: visits.appointmentId, status: visits.status, skills: nurses.skills })
      .from(visits)
      .innerJoin(nurses, eq(nurses.id, visits.nurseId))
      .where(
        inArray(
          visits.appointmentId,
          confirmed.map((booking) => booking.id),
        ),
      );
    expect(booked.map((visit) => visit.appointmentId).sort()).toEqual(
      confirmed.map((booking) => booking.id).sort(),
    );
    expect(booked.every((visit) => visit.status === 'confirmed')).toBe(true);
  });

  it("money agrees: 'Pagada' only with its collection recorded, and no e-mail owed for the demo's past", async () => {
    const paid = await t.app.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.status, 'confirmed'), eq(appointments.paymentStatus, 'Payment Successful')));
    for (const booking of paid) {
      const entries = await t.app.db.select().from(payments).where(eq(payments.appointmentId, booking.id));
      const received = entries
        .filter((entry) => entry.status === 'approved')
        .reduce((total, entry) => total + entry.amount, 0);
      expect(received, booking.id).toBe(booking.quote?.due.total);
    }
    const owed = await t.app.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.channel, 'email'),
          inArray(
            outboxEvents.appointmentId,
            paid.map((booking) => booking.id),
          ),
        ),
      );
    expect(owed).toEqual([]);
  });

  it("shows in the console's Citas with a partner, a patient, an amount and an hour", async () => {
    const { headers } = await consoleSessionFor(t.app, { role: 'admin' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/console/appointments?status=confirmed&limit=100',
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().results as Array<{
      client_id: string;
      patient_name: string | null;
      patients: number;
      total: number;
      begin_date: string | null;
    }>;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.client_id).toBeTruthy();
      expect(row.patient_name).toBeTruthy();
      expect(row.patients).toBeGreaterThan(0);
      expect(row.total).toBeGreaterThan(0);
      expect(row.begin_date).toEqual(expect.any(String));
    }
  });
});
