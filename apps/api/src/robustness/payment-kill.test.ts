import * as ERRORS from '@visita/domain/contract/api-errors';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { appointments, nurses, payments, sandboxCharges } from '../db/schema.ts';
import { DEMO_ITEM_IDS } from '../db/seed/demo-catalogue-items.ts';
import { insertScheduledAppointment } from '../test-support/scheduled-appointment.ts';
import {
  BOOKING_LIMITS_OFF,
  freshServerDatabase,
  startServer,
  waitFor,
} from '../test-support/server-process.ts';

/**
 * A server killed while card payments are in flight leaves none of them half done. The real
 * server (two workers on PostgreSQL) takes a few dozen card payments at once, the sandbox gateway
 * waits after each charge before it answers (SANDBOX_CHARGE_DELAY_MS), and the whole process
 * group is killed (SIGKILL) with charges made and not yet recorded. Restarted on the same
 * database, every appointment ends paid once and confirmed, or unpaid with nothing processing and
 * payable again; no charge is left taken and unrecorded.
 */

const VISA = '4111111111111111';
const APPOINTMENTS = 30;
/** Between two payments sent: spread so the kill finds some done, some charged, some not yet charged. */
const STAGGER_MS = 150;
/** The sandbox's wait between its charge and its answer: the window the kill lands in. */
const CHARGE_DELAY_MS = 2_000;
/** The test's own connections, told apart from the server's. */
const TEST_CONNECTION = 'visita-payment-kill-test';
/** Payments approved before the kill: some finished before the crash too. */
const APPROVED_BEFORE_KILL = 3;

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('card payments when their server is killed mid-payment, on PostgreSQL', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('end approved and confirmed once, or failed with nothing processing and payable again', async () => {
    // A fresh database that outlives the server.
    const fresh = await freshServerDatabase(adminUrl as string, 'visita_payment_kill');
    cleanups.push(fresh.drop);
    const { url, dataDir } = fresh;
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WIDGET_DIST: dataDir,
      WEB_CONCURRENCY: '2',
      PAYMENT_LEASE_MS: '1000',
      ...BOOKING_LIMITS_OFF,
    };

    let server = await startServer({ ...env, SANDBOX_CHARGE_DELAY_MS: String(CHARGE_DELAY_MS) }, 2);
    cleanups.push(() => server.kill());
    // The test's own connection, beside the server's (the migrations and the demo seed are in).
    const own = new URL(url);
    own.searchParams.set('application_name', TEST_CONNECTION);
    let database: Database | undefined = await openDatabase({ kind: 'postgres', url: own.toString() });
    cleanups.push(async () => database?.close());
    const db = database.db;

    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await fetch(`${server.address}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
    };
    const cardToken = async () => {
      const card = await call('POST', '/api/v2/sandbox/card-tokens/', {
        card_number: VISA,
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: new Date().getUTCFullYear() + 1,
        security_code: '123',
      });
      expect(card.status, card.text).toBe(201);
      return (card.json() as { id: string }).id;
    };

    // Appointments as finalise leaves them: the patient's cart, scheduled, each with a 20-minute
    // hold on its own block of one nurse.
    const [nurse] = await db
      .insert(nurses)
      .values({ name: 'Enfermera pagos interrumpidos', skills: ['lab'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    const booked: Array<{ id: string; token: string }> = [];
    for (let index = 0; index < APPOINTMENTS; index += 1) {
      booked.push(
        await insertScheduledAppointment(db, {
          patients: [
            {
              first_name: 'Paciente',
              last_name: `Número ${index + 1}`,
              email: `paciente${index + 1}@correo.cl`,
              is_fonasa: false,
              items: [DEMO_ITEM_IDS.hemograma],
              packs: [],
            },
          ],
          nurseId: nurse.id,
          blockStart: new Date(Date.UTC(2031, 0, 1) + index * 3_600_000),
        }),
      );
    }
    const ids = booked.map((appointment) => appointment.id);

    // What the widget pays: the server's quote, net price minus what is paid at home.
    const price = await call('POST', '/api/v2/cart-price/', {
      country: 'cl',
      locality: 'Las Condes',
      source: 'marketplace',
      patients: [{ is_fonasa: false, items: [DEMO_ITEM_IDS.hemograma], packs: [] }],
    });
    expect(price.status, price.text).toBe(200);
    const quote = price.json() as { net_price: number; payment_at_home: number };
    const amount = quote.net_price - quote.payment_at_home;
    const pay = async (appointment: { id: string; token: string }, token: string) =>
      call(
        'POST',
        `/api/v2/mercado-pago/${appointment.id}/card/`,
        { token, payment_method_id: 'visa', amount },
        { authorization: `Bearer ${appointment.token}` },
      );
    const tokens: string[] = [];
    while (tokens.length < booked.length) tokens.push(await cardToken());

    const paymentsNow = () => db.select().from(payments).where(inArray(payments.appointmentId, ids));
    const chargesNow = () => db.select().from(sandboxCharges);
    const appointmentsNow = () => db.select().from(appointments).where(inArray(appointments.id, ids));

    // The payments, a few at a time apart; the process group is killed once a few are approved,
    // while the others are charged and waiting, being claimed, or not yet sent.
    let killed = false;
    const answers = new Map<string, { status: number; text: string } | 'no answer'>();
    const sent: Array<Promise<void>> = [];
    const sending = (async () => {
      for (const [index, appointment] of booked.entries()) {
        if (killed) break;
        sent.push(
          pay(appointment, tokens[index] ?? '').then(
            (answer) => void answers.set(appointment.id, { status: answer.status, text: answer.text }),
            () => void answers.set(appointment.id, 'no answer'),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, STAGGER_MS));
      }
    })();
    await waitFor(
      `${APPROVED_BEFORE_KILL} approved payments`,
      async () =>
        (await paymentsNow()).filter((payment) => payment.status === 'approved').length >=
        APPROVED_BEFORE_KILL,
      120_000,
    );
    killed = true;
    await server.kill();
    await sending;
    await Promise.all(sent);

    // PostgreSQL finishes what the killed processes had sent: once their connections are gone,
    // nothing of theirs can commit any more.
    const monitor = new pg.Client({ connectionString: adminUrl });
    await monitor.connect();
    try {
      await waitFor(
        "the killed server's connections to close",
        async () => {
          const { rows } = await monitor.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM pg_stat_activity
              WHERE datname = $1 AND backend_type = 'client backend' AND application_name <> $2`,
            [new URL(url).pathname.slice(1), TEST_CONNECTION],
          );
          return rows[0]?.count === 0;
        },
        60_000,
      );
    } finally {
      await monitor.end();
    }
    // Nothing moves any more: no worker survived to record a charge it was waiting on.
    const atKill = { payments: await paymentsNow(), charges: await chargesNow() };
    await new Promise((resolve) => setTimeout(resolve, CHARGE_DELAY_MS + 1_000));
    expect(await paymentsNow()).toEqual(atKill.payments);
    expect(await chargesNow()).toEqual(atKill.charges);

    // The kill caught payments mid-flight, charged by the gateway and never recorded.
    const chargeOf = new Map(atKill.charges.map((charge) => [charge.externalReference, charge]));
    const processing = atKill.payments.filter((payment) => payment.status === 'processing');
    const chargedUnrecorded = processing.filter((payment) => chargeOf.has(payment.id));
    expect(chargedUnrecorded.length, 'payments charged and not recorded at the kill').toBeGreaterThanOrEqual(
      1,
    );
    // An answer given before the kill is what the database says.
    for (const payment of atKill.payments) {
      const answer = answers.get(payment.appointmentId);
      if (answer && answer !== 'no answer') {
        expect(answer.status, answer.text).toBe(200);
        expect(payment.status).toBe('approved');
      }
    }

    // The same database, served again (no delay now).
    server = await startServer(env, 2);

    // Half the appointments caught mid-flight are paid again at once with a fresh card: the retry
    // settles the stale payment first (reconcileStale). Charged: the appointment is confirmed by it
    // and this attempt refused; not charged: this attempt pays.
    const retried = processing.filter((_, index) => index % 2 === 0);
    for (const payment of retried) {
      const appointment = booked.find((entry) => entry.id === payment.appointmentId);
      if (!appointment) throw new Error('unknown appointment');
      let answer = await pay(appointment, await cardToken());
      // The scheduled pass may be settling it this very moment: asked again once it is done.
      for (
        let attempt = 0;
        attempt < 20 && answer.json().err === ERRORS.PAYMENT_IN_PROCESS.err;
        attempt += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await pay(appointment, await cardToken());
      }
      if (chargeOf.has(payment.id)) {
        expect(answer.status, answer.text).toBe(409);
        expect(answer.json().err).toBe(ERRORS.NOT_PAYABLE.err);
      } else {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.json()).toMatchObject({ status: 'approved' });
      }
    }
    // The others are settled by the scheduled reconciliation (every 30 s on every instance).
    await waitFor(
      'no payment left processing',
      async () => (await paymentsNow()).every((payment) => payment.status !== 'processing'),
      150_000,
    );

    // Every payment caught mid-flight ended as the gateway says: charged, approved; not, failed.
    const settled = new Map((await paymentsNow()).map((payment) => [payment.id, payment]));
    for (const payment of processing) {
      const charge = chargeOf.get(payment.id);
      expect(settled.get(payment.id), `payment ${payment.id}`).toMatchObject(
        charge
          ? { status: 'approved', gatewayPaymentId: charge.id }
          : { status: 'rejected', statusDetail: 'not_charged' },
      );
    }

    // Every appointment: paid once and confirmed, or unpaid, nothing processing, and payable again.
    const before = new Map((await appointmentsNow()).map((row) => [row.id, row]));
    for (const appointment of booked) {
      const own = [...settled.values()].filter((payment) => payment.appointmentId === appointment.id);
      const approved = own.filter((payment) => payment.status === 'approved');
      expect(own.filter((payment) => payment.status === 'processing')).toEqual([]);
      if (before.get(appointment.id)?.status === 'confirmed') {
        expect(approved, `appointment ${appointment.id}`).toHaveLength(1);
        expect(before.get(appointment.id)?.paymentStatus).toBe('Payment Successful');
      } else {
        expect(before.get(appointment.id)?.status).toBe('scheduled');
        expect(approved, `appointment ${appointment.id}`).toEqual([]);
        const answer = await pay(appointment, await cardToken());
        expect(answer.status, answer.text).toBe(200);
        expect(answer.json()).toMatchObject({ status: 'approved' });
      }
    }
    const after = await appointmentsNow();
    expect(after.map((row) => [row.status, row.paymentStatus])).toEqual(
      after.map(() => ['confirmed', 'Payment Successful']),
    );
    const finalPayments = await paymentsNow();
    for (const id of ids)
      expect(finalPayments.filter((p) => p.appointmentId === id && p.status === 'approved')).toHaveLength(1);

    // No charge is taken and unrecorded: an approved charge is its appointment's approved
    // payment, or it was refunded.
    const paymentOf = new Map(finalPayments.map((payment) => [payment.id, payment]));
    for (const charge of await chargesNow()) {
      if (charge.status !== 'approved') continue;
      const payment = paymentOf.get(charge.externalReference);
      if (payment?.status === 'approved') {
        expect(payment.gatewayPaymentId, `charge ${charge.id}`).toBe(charge.id);
        expect(charge.refunded, `charge ${charge.id}`).toBe(false);
      } else {
        expect(charge.refunded, `charge ${charge.id} of payment ${payment?.id}`).toBe(true);
      }
    }

    await server.kill();
    await database.close();
    database = undefined;
  }, 480_000);
});
