import { formatCurrency } from '@visita/domain/money';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsMailer } from '../../adapters/mail/fs-mailer.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { appointments, itemPrices, nurses, payments } from '../../db/schema.ts';
import { queryRows } from '../../db/database.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import {
  finalizeAppointment,
  finalizePatient,
  insertLabNurse,
  insertScheduledAppointment,
  paidScheduledAppointment,
} from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { confirmAppointment, pricedAtConfirmation } from '../appointments/confirmation.ts';
import { bookingReference } from '../notifications/booking-events.ts';
import { createBookingDeliverer } from '../notifications/deliver-booking-event.ts';
import { createOutboxWorker } from '../outbox/worker.ts';
import { backfillFrozenQuotes } from './frozen-quote.ts';
import { localParts } from '../scheduling/blocks.ts';

const SANTIAGO = 'America/Santiago';

/**
 * A booking's money once frozen (docs/decisions/money-ledger.md): what every surface says it cost
 * after the price list changes, what a collection at the address records, and the nurse a cart
 * needs.
 */
describe.each(TEST_ENGINES)('a booking frozen when its money moves, on $name', (engine) => {
  let t: TestApp;
  let nurseId: number;
  let finance: Record<string, string>;
  let block = 0;
  const mailDir = `/tmp/visita-frozen-money-${engine.name}-${process.pid}`;
  const nextBlock = () => {
    block += 1;
    return new Date(Date.UTC(2034, 0, 1) + block * 3_600_000);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera congelada', skills: ['lab', 'vaccine', 'medical_service'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
    finance = (await consoleSessionFor(t.app, { role: 'finance' })).headers;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const quoteNow = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/cart-price/',
        payload: {
          country: 'cl',
          locality: 'Las Condes',
          source: 'marketplace',
          patients: [{ is_fonasa: false, items: [ID.glicemia], packs: [] }],
        },
      })
    ).json().net_price as number;

  it('says what a card-paid booking cost on every surface after its price changes: summary, manage view, e-mail, console page and search, daily report', async () => {
    const paid = await paidScheduledAppointment(t.app, { nurseId, blockStart: nextBlock() });
    const before = await quoteNow();
    await t.app.db
      .insert(itemPrices)
      .values({ itemId: ID.glicemia, salesSource: 'marketplace', commune: 'Las Condes', price: 9_990 });
    // The price list changed: a new quote says so.
    expect(await quoteNow()).not.toBe(before);

    const summary = (await get(`/api/payments/appointments/${paid.id}/payment_summary/`, paid.headers)).json()
      .data.appointment;
    expect(summary.net_price - summary.payment_at_home).toBe(paid.amount);
    const view = (await get(`/api/v2/appointments/${paid.id}/booking/`, paid.headers)).json();
    expect(view).toMatchObject({ paid_online: paid.amount, pay_at_home: 0 });

    const page = (await get(`/api/console/appointments/${paid.id}`, finance)).json();
    expect(page.amounts).toMatchObject({
      total: paid.amount,
      ledger: { due_online: paid.amount, paid: paid.amount, to_collect: 0, refunded: 0 },
    });
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, paid.id));
    const line = row?.quote?.lines.find((one) => one.item_id === ID.glicemia);
    expect(page.patients_detail[0].items).toEqual([
      { id: ID.glicemia, name: line?.name, price: line?.price },
    ]);
    expect(line?.price).not.toBe(9_990);
    const found = (await get(`/api/console/appointments?q=${bookingReference(paid.id)}`, finance)).json();
    expect(found.results.map((one: { id: string; total: number }) => [one.id, one.total])).toEqual([
      [paid.id, paid.amount],
    ]);

    const today = localParts(new Date(), SANTIAGO).date;
    const report = (
      await get(`/api/console/reports/daily?from=${today}&to=${today}&client_id=demo`, finance)
    ).json();
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({ bookings: 1, paid_online: paid.amount, to_collect: 0 });
    const csv = (
      await get(`/api/console/reports/daily.csv?from=${today}&to=${today}&client_id=demo`, finance)
    ).body;
    expect(csv).toContain(String(paid.amount));

    // The confirmation e-mail, delivered after the change, tells what was paid.
    await createOutboxWorker({
      db: t.app.db,
      deliver: createBookingDeliverer({
        db: t.app.db,
        mailer: createFsMailer(mailDir),
        gateway: createSandboxGateway(t.app.db),
        catalogue: t.app.catalogue,
        publicUrl: 'https://reservas.example',
        mailFrom: 'reservas@visita.example',
        rosters: t.app.rosters,
      }),
    }).runOnce();
    const folder = join(mailDir, 'mail');
    const mails = readdirSync(folder).map((name) => readFileSync(join(folder, name), 'utf8'));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails)
      expect(mail).toContain(`Pagado en l=C3=ADnea: ${formatCurrency(paid.amount, 'cl')}`);
  });

  it('records what was collected at the address: less leaves the rest owed and the visit unpaid, more is refused', async () => {
    const target = await insertScheduledAppointment(t.app.db, {
      nurseId,
      blockStart: nextBlock(),
      patients: [
        {
          first_name: 'Valentina',
          last_name: 'Morales',
          email: 'valentina.morales@correo.cl',
          is_fonasa: false,
          items: [ID.hemograma, ID.perfilLipidico],
          packs: [],
        },
      ],
    });
    await confirmAppointment(
      t.app.db,
      target.id,
      { paymentMethod: 'In address', paymentGateway: 'Partner', paymentStatus: 'Payment Pending' },
      pricedAtConfirmation(await t.app.catalogue(), new Date()),
    );
    const collect = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/console/appointments/${target.id}/payments`,
        headers: finance,
        payload: { amount, method: 'cash' },
      });
    const page = async () => (await get(`/api/console/appointments/${target.id}`, finance)).json();
    const total = (await page()).amounts.total as number;
    expect(total).toBeGreaterThan(1);

    expect((await collect(1)).statusCode).toBe(204);
    expect(await page()).toMatchObject({
      payment_status: 'Payment Pending',
      amounts: { ledger: { paid: 1, to_collect: total - 1 } },
    });
    const tooMuch = await collect(total);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      err: 'console-payment-over-due',
      msg: `El monto supera lo que queda por cobrar en el domicilio (${formatCurrency(total - 1, 'cl')}).`,
    });
    expect((await collect(total - 1)).statusCode).toBe(204);
    expect(await page()).toMatchObject({
      payment_status: 'Payment Successful',
      amounts: { ledger: { paid: total, to_collect: 0 } },
    });
    const again = await collect(1);
    expect(again.statusCode).toBe(409);
    expect(again.json().err).toBe('payment-already-recorded');
  });

  it("refuses a cart its held nurse cannot do, and keeps the cart the hold's nurse can", async () => {
    const labOnly = await insertLabNurse(t.app.db, 'Enfermera solo laboratorio');
    const target = await insertScheduledAppointment(t.app.db, { nurseId: labOnly, blockStart: nextBlock() });
    const refused = await finalizeAppointment(t.app, target, [
      finalizePatient({ items: [ID.consultaMedica] }),
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      err: 'nurse-lacks-skill',
      msg: 'La profesional del horario elegido no realiza alguno de los servicios de tu reserva. Elige otro horario.',
    });
    const kept = await finalizeAppointment(t.app, target, [finalizePatient()]);
    expect(kept.statusCode, kept.body).toBe(200);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, target.id));
    expect(row?.patients.map((patient) => patient.items)).toEqual([[ID.glicemia]]);
  });
  it('gives bookings confirmed before quotes were frozen their quote once: what they were charged, the rest at the prices of that moment', async () => {
    const [row] = await t.app.db
      .insert(appointments)
      .values({
        tokenHash: 'legacy',
        status: 'confirmed',
        clientId: 'demo',
        salesSource: 'marketplace',
        country: 'cl',
        region: 'Región Metropolitana de Santiago',
        comuna: 'Las Condes',
        addressLine1: 'Avenida Apoquindo 4500',
        targetAddress: 'Avenida Apoquindo 4500, Las Condes',
        targetStreetNumber: '4500',
        targetLat: -33.4129,
        targetLng: -70.5799,
        patients: [
          { first_name: 'Ana', last_name: 'Rojas', is_fonasa: false, items: [ID.hemograma], packs: [] },
        ],
        paymentStatus: 'Payment Successful',
        confirmedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('appointment insert returned nothing');
    await t.app.db.insert(payments).values({
      appointmentId: row.id,
      idempotencyKey: 'legacy-card',
      gateway: 'sandbox',
      method: 'visa',
      status: 'approved',
      amount: 4_321,
      currency: 'CLP',
    });
    const catalogue = await t.app.catalogue();
    expect(await backfillFrozenQuotes(t.app.db, catalogue)).toBeGreaterThanOrEqual(1);
    const [after] = await t.app.db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(after?.quote?.due.online).toBe(4_321);
    expect((after?.quote?.due.online ?? 0) + (after?.quote?.due.at_address ?? 0)).toBe(
      after?.quote?.due.total,
    );
    const [hash] = await queryRows<{ same: boolean }>(
      t.app.db,
      sql`select md5(patients::text) = quote->>'cart_hash' as same from appointments where id = ${row.id}`,
    );
    expect(hash?.same).toBe(true);
    // Once: a second run finds nothing to do and changes nothing.
    expect(await backfillFrozenQuotes(t.app.db, catalogue)).toBe(0);
    const [again] = await t.app.db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(again?.quote).toEqual(after?.quote);
  });
});
