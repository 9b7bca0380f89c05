import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { appointments, nurses, payments, sandboxCharges } from '../db/schema.ts';
import { DEMO_ITEM_IDS as ID } from '../db/seed/demo-catalogue-items.ts';
import { demoEmployeeRut } from '../db/seed/demo-company-roster.ts';
import { finalizePatient, insertScheduledAppointment } from '../test-support/scheduled-appointment.ts';
import {
  BOOKING_LIMITS_OFF,
  freshServerDatabase,
  type Server,
  startServer,
} from '../test-support/server-process.ts';

/** MercadoPago's usual latency: the window a second request lands in. */
const CHARGE_DELAY_MS = 300;
const TRIALS = 8;

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * The money races of docs/decisions/money-ledger.md as an attacker ran them: the real server with
 * two workers on PostgreSQL, the sandbox gateway answering in CHARGE_DELAY_MS, and the two requests
 * of each race sent over HTTP (so each may reach either worker). Whatever the order, nothing is
 * confirmed that was not quoted and paid.
 */
describe.skipIf(!adminUrl)('money races across two workers, on PostgreSQL', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let server: Server;
  let database: Database;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    const fresh = await freshServerDatabase(adminUrl as string, 'visita_money_races');
    cleanups.push(fresh.drop);
    const { url, dataDir } = fresh;
    server = await startServer(
      {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        WIDGET_DIST: dataDir,
        WEB_CONCURRENCY: '2',
        ...BOOKING_LIMITS_OFF,
        SANDBOX_CHARGE_DELAY_MS: String(CHARGE_DELAY_MS),
      },
      2,
    );
    cleanups.push(() => server.kill());
    database = await openDatabase({ kind: 'postgres', url });
    cleanups.push(() => database.close());
    const [nurse] = await database.db
      .insert(nurses)
      .values({ name: 'Enfermera de las carreras', skills: ['lab', 'vaccine', 'medical_service'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
  }, 180_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.address}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  const held = async (clientId: string, salesSource: string) => {
    block += 1;
    const target = await insertScheduledAppointment(database.db, {
      nurseId,
      blockStart: new Date(Date.UTC(2035, 0, 1) + block * 3_600_000),
      clientId,
      salesSource,
    });
    return { id: target.id, headers: { [APPOINTMENT_TOKEN_HEADER]: target.token } };
  };
  const finalize = (
    target: Awaited<ReturnType<typeof held>>,
    salesSource: string,
    patients: ReturnType<typeof finalizePatient>[],
  ) =>
    call(
      'POST',
      `/api/v2/appointments/${target.id}/finalize/`,
      { patients, sales_source: salesSource },
      target.headers,
    );
  const rowOf = async (id: string) =>
    (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const entriesOf = (id: string) => database.db.select().from(payments).where(eq(payments.appointmentId, id));

  it('a card pays for the cart it was quoted, whatever a finalize sent 50 ms later asks', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const target = await held('demo', 'marketplace');
      expect((await finalize(target, 'marketplace', [finalizePatient()])).status).toBe(200);
      const summary = (
        await call(
          'GET',
          `/api/payments/appointments/${target.id}/payment_summary/`,
          undefined,
          target.headers,
        )
      ).json().data as { appointment: { net_price: number; payment_at_home: number } };
      const amount = summary.appointment.net_price - summary.appointment.payment_at_home;
      const card = await call('POST', '/api/v2/sandbox/card-tokens/', {
        card_number: '4111111111111111',
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: new Date().getUTCFullYear() + 1,
        security_code: '123',
      });
      const paying = call(
        'POST',
        `/api/v2/mercado-pago/${target.id}/card/`,
        { token: card.json().id, payment_method_id: 'visa', amount },
        target.headers,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const swapped = await finalize(target, 'marketplace', [
        finalizePatient({
          items: [ID.hemograma, ID.perfilLipidico, ID.perfilBioquimico, ID.estudioCariotipo],
        }),
      ]);
      const paid = await paying;
      expect(paid.status, paid.text).toBe(200);
      expect(swapped.status, swapped.text).toBe(409);
      expect(swapped.json().err).toBe('cart-frozen');
      const row = await rowOf(target.id);
      expect(row?.status).toBe('confirmed');
      expect(row?.patients.map((patient) => patient.items)).toEqual([[ID.glicemia]]);
      expect(row?.quote?.due.online).toBe(amount);
      const approved = (await entriesOf(target.id)).filter((entry) => entry.status === 'approved');
      expect(approved.map((entry) => entry.amount)).toEqual([amount]);
      const [charge] = await database.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.externalReference, approved[0]?.id ?? ''));
      expect(charge?.amount).toBe(amount);
    }
  }, 180_000);

  it('a company is billed for its employee only, whatever a finalize sent with the split confirmation asks', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const target = await held('demo-split', 'demo-split');
      const employee = demoEmployeeRut(100 + trial);
      expect(
        (
          await finalize(target, 'demo-split', [
            { ...finalizePatient({ items: [ID.perfilLipidico] }), document_number: employee },
          ])
        ).status,
      ).toBe(200);
      const [confirmed, swapped] = await Promise.all([
        call(
          'POST',
          `/api/appointments/${target.id}/manual_confirm/`,
          { split_payment: true, client_exams_to_pay: [{ patient_index: 0, item_ids: [ID.perfilLipidico] }] },
          target.headers,
        ),
        finalize(target, 'demo-split', [
          finalizePatient({ items: [ID.perfilLipidico, ID.estudioCariotipo] }),
        ]),
      ]);
      const row = await rowOf(target.id);
      const billed = (await entriesOf(target.id)).filter((entry) => entry.status === 'company_billed');
      if (row?.status === 'confirmed') {
        expect(confirmed.status, confirmed.text).toBe(200);
        expect(swapped.status).toBe(409);
        expect(row.patients.map((patient) => [patient.document_number, patient.items])).toEqual([
          [employee, [ID.perfilLipidico]],
        ]);
        expect(billed.map((entry) => entry.amount)).toEqual([row.quote?.due.company]);
      } else {
        expect(confirmed.status).toBe(400);
        expect(billed).toEqual([]);
      }
    }
  }, 180_000);
});
