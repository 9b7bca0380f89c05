import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { createFsMailer } from '../../adapters/mail/fs-mailer.ts';
import { queryRows } from '../../db/database.ts';
import { appointments, nurses, payments } from '../../db/schema.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import {
  finalizePatient,
  insertScheduledAppointment,
  sandboxCardToken,
} from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createBookingDeliverer } from '../notifications/deliver-booking-event.ts';
import { createOutboxWorker } from '../outbox/worker.ts';
import { ledgerOf } from './ledger.ts';

/** The carts a person may switch between: cheap, dear, with a pack. */
const CARTS = [[ID.glicemia], [ID.hemograma, ID.perfilLipidico, ID.perfilBioquimico], [ID.estudioCariotipo]];

type Op =
  | { kind: 'finalize'; cart: number }
  | { kind: 'pay'; stale: boolean }
  | { kind: 'manual' }
  | { kind: 'cancel' }
  | { kind: 'collect'; share: number }
  | { kind: 'deliver' }
  | { kind: 'together'; first: Exclude<Op, { kind: 'together' }>; second: Exclude<Op, { kind: 'together' }> };

const single: fc.Arbitrary<Exclude<Op, { kind: 'together' }>> = fc.oneof(
  fc.record({ kind: fc.constant('finalize' as const), cart: fc.integer({ min: 0, max: CARTS.length - 1 }) }),
  fc.record({ kind: fc.constant('pay' as const), stale: fc.boolean() }),
  fc.record({ kind: fc.constant('manual' as const) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({
    kind: fc.constant('collect' as const),
    share: fc.double({ min: 0.01, max: 1.5, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('deliver' as const) }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: single },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('together' as const), first: single, second: single }),
  },
);

/**
 * The account's invariant (docs/decisions/money-ledger.md) checked after every step of random
 * sequences of what people do to a booking (finalize, pay by card, confirm by hand, cancel, collect
 * at the address, the outbox's refunds), some sent two at once: whatever the order, a confirmed
 * booking carries the quote of the cart it confirmed, its parts add up, what was charged online
 * is what was due online, no more is collected than was due, and 'Pagada' by hand means nothing
 * is owed.
 */
describe.each(TEST_ENGINES)('the ledger under random sequences on $name', (engine) => {
  let t: TestApp;
  let nurseId: number;
  let finance: Record<string, string>;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera propiedades', skills: ['lab', 'vaccine', 'medical_service'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
    finance = (await consoleSessionFor(t.app, { role: 'finance' })).headers;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function run(target: { id: string; token: string }, step: Op): Promise<void> {
    const headers = { [APPOINTMENT_TOKEN_HEADER]: target.token };
    switch (step.kind) {
      case 'finalize':
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/appointments/${target.id}/finalize/`,
          headers,
          payload: { patients: [finalizePatient({ items: CARTS[step.cart] })], sales_source: 'redsalud' },
        });
        return;
      case 'pay': {
        const summary = await t.app.inject({
          method: 'GET',
          url: `/api/payments/appointments/${target.id}/payment_summary/`,
          headers,
        });
        const owed = summary.json().data?.appointment;
        const amount = (owed?.net_price ?? 0) - (owed?.payment_at_home ?? 0) + (step.stale ? 1_000 : 0);
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/mercado-pago/${target.id}/card/`,
          headers,
          payload: { token: await sandboxCardToken(t.app), payment_method_id: 'visa', amount },
        });
        return;
      }
      case 'manual':
        await t.app.inject({
          method: 'POST',
          url: `/api/appointments/${target.id}/manual_confirm/`,
          headers,
          payload: {},
        });
        return;
      case 'cancel':
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/appointments/${target.id}/cancel/`,
          headers,
          payload: {},
        });
        return;
      case 'collect': {
        const page = await t.app.inject({
          method: 'GET',
          url: `/api/console/appointments/${target.id}`,
          headers: finance,
        });
        const left = page.json().amounts?.ledger?.to_collect ?? 0;
        await t.app.inject({
          method: 'POST',
          url: `/api/console/appointments/${target.id}/payments`,
          headers: finance,
          payload: { amount: Math.max(1, Math.round(left * step.share)), method: 'cash' },
        });
        return;
      }
      case 'deliver':
        await createOutboxWorker({
          db: t.app.db,
          deliver: createBookingDeliverer({
            db: t.app.db,
            mailer: createFsMailer('/tmp/visita-ledger-property-mail'),
            gateway: createSandboxGateway(t.app.db),
            catalogue: t.app.catalogue,
            publicUrl: 'https://reservas.example',
            mailFrom: 'reservas@visita.example',
            rosters: t.app.rosters,
          }),
        }).runOnce();
        return;
      case 'together':
        await Promise.all([run(target, step.first), run(target, step.second)]);
        return;
    }
  }

  async function assertInvariant(id: string): Promise<void> {
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
    if (!row) throw new Error('the appointment vanished');
    const entries = await t.app.db.select().from(payments).where(eq(payments.appointmentId, id));
    const open = entries.some((entry) => entry.status === 'processing' || entry.status === 'pending');
    const sum = (keep: (entry: (typeof entries)[number]) => boolean) =>
      entries.filter(keep).reduce((total, entry) => total + entry.amount, 0);
    if (row.status === 'scheduled' || row.status === 'pending' || row.status === 'expired') {
      // Frozen only while a charge is in flight: a refused payment leaves the cart free.
      if (row.quote) expect(open).toBe(true);
      return;
    }
    // Cancelled before it was ever confirmed: nothing was due.
    if (row.status === 'cancelled' && !row.confirmedAt) return;
    const quote = row.quote;
    expect(quote, 'a booking that was confirmed has its frozen quote').not.toBeNull();
    if (!quote) return;
    const [hash] = await queryRows<{ same: boolean }>(
      t.app.db,
      sql`select md5(patients::text) = quote->>'cart_hash' as same from appointments where id = ${id}`,
    );
    expect(hash?.same, 'the confirmed cart is the quoted one').toBe(true);
    const { due } = quote;
    expect(due.online + due.at_address + due.company).toBeCloseTo(due.total, 2);
    expect(Math.min(due.online, due.at_address, due.company)).toBeGreaterThanOrEqual(0);
    const charged = sum(
      (entry) => (entry.status === 'approved' || entry.status === 'refunded') && entry.gateway !== 'console',
    );
    expect(charged, 'charged online is what was due online').toBeCloseTo(due.online, 2);
    const approvedCharges = entries.filter(
      (entry) => entry.status === 'approved' && entry.gateway !== 'console',
    );
    expect(approvedCharges.length).toBeLessThanOrEqual(1);
    const collected = sum((entry) => entry.status === 'approved' && entry.gateway === 'console');
    expect(collected, 'never more collected than was due at the address').toBeLessThanOrEqual(
      due.at_address + 0.005,
    );
    const ledger = ledgerOf(row, entries);
    expect(ledger).not.toBeNull();
    // 'Pagada' without a card means it was all collected; with a card, the online part is paid and
    // what its partner's exams leave at the address is owed there, as the console's page says.
    if (row.status === 'confirmed' && row.paymentStatus === 'Payment Successful' && due.online === 0)
      expect(ledger?.outstandingAtAddress, "'Pagada' means nothing is left at the address").toBe(0);
    if (row.status === 'cancelled') expect(ledger?.outstandingAtAddress).toBe(0);
  }

  it('keeps the account true after every step of finalize, pay, confirm by hand, cancel, collect and refund', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 8 }), async (steps) => {
        block += 1;
        const target = await insertScheduledAppointment(t.app.db, {
          nurseId,
          blockStart: new Date(Date.UTC(2033, 0, 1) + block * 3_600_000),
          clientId: 'redsalud',
          salesSource: 'redsalud',
        });
        await run(target, { kind: 'finalize', cart: 0 });
        for (const step of steps) {
          await run(target, step);
          await assertInvariant(target.id);
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
