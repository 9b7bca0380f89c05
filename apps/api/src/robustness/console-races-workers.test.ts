import { randomUUID } from 'node:crypto';
import { addDays } from '@visita/domain/availability';
import * as ERRORS from '@visita/domain/contract/api-errors';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { ConsoleRole } from '@visita/domain/console-permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import {
  appointments,
  nurseDaysOff,
  nurses,
  operatorSessions,
  operators,
  outboxEvents,
  payments,
  sandboxCharges,
  visits,
} from '../db/schema.ts';
import { ledgerOf } from '../modules/payments/ledger.ts';
import { localParts } from '../modules/scheduling/blocks.ts';
import {
  createFixtureAppointment,
  createFixtureSector,
  SANTIAGO,
} from '../modules/scheduling/test-fixtures.ts';
import {
  CONSOLE_SESSION_COOKIE,
  CONSOLE_SESSION_MS,
  hashSessionToken,
} from '../plugins/app/console-session.ts';
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

type Headers = Record<string, string>;
interface Answer {
  status: number;
  text: string;
  json: () => Record<string, unknown>;
}
interface Target {
  id: string;
  headers: Headers;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A one-hour block on a local date (the fixture sectors are in Santiago), as the widget sends it. */
const block = (date: string, hour: number) => ({
  begin_date: `${date} ${pad(hour)}:00:00`,
  end_date: `${date} ${pad(hour + 1)}:00:00`,
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const serverError = (answer: Answer) => answer.status >= 500;

/**
 * The console's races with the people it serves, as they happen in production: the real server
 * with two workers on PostgreSQL, the sandbox gateway answering in CHARGE_DELAY_MS, an operator
 * signed in with a session cookie and a CSRF token, and the two requests of each race sent over
 * HTTP (so each may reach either worker). A coordinator moving a visit while the patient moves it
 * too, a nurse marked absent while a hold of hers is being paid, and a collection at the address
 * recorded while the card is being charged: whatever the order, the booking ends in one state
 * that every table agrees on, and nothing answers 5xx.
 */
describe.skipIf(!adminUrl)('console races across two workers, on PostgreSQL', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let server: Server;
  let database: Database;
  let block2035 = 0;

  beforeAll(async () => {
    const fresh = await freshServerDatabase(adminUrl as string, 'visita_console_races');
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
  }, 180_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Headers = {},
  ): Promise<Answer> => {
    const response = await fetch(`${server.address}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };

  /**
   * An operator of the role and a session of theirs, written to the database as the route tests'
   * consoleSessionFor writes them (a signed-in session without argon2 and a second factor), and the
   * CSRF cookie and token the console gets from the server over HTTP before any write.
   */
  const consoleHeaders = async (role: ConsoleRole): Promise<Headers> => {
    const [operator] = await database.db
      .insert(operators)
      .values({
        email: `${role}-${randomUUID().slice(0, 8)}@operadores.test`,
        name: `Operador ${role}`,
        role,
        clientId: null,
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$none$none',
        mustChangePassword: false,
      })
      .returning({ id: operators.id });
    if (!operator) throw new Error('operator not inserted');
    const token = randomUUID() + randomUUID();
    await database.db.insert(operatorSessions).values({
      tokenHash: hashSessionToken(token),
      operatorId: operator.id,
      stage: 'active',
      expiresAt: new Date(Date.now() + CONSOLE_SESSION_MS),
    });
    const csrf = await fetch(`${server.address}/api/console/auth/csrf`);
    expect(csrf.status).toBe(200);
    const cookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { csrf_token: csrfToken } = (await csrf.json()) as { csrf_token: string };
    return { cookie: `${CONSOLE_SESSION_COOKIE}=${token}; ${cookie}`, 'x-csrf-token': csrfToken };
  };

  const finalize = (target: Target, salesSource: string) =>
    call(
      'POST',
      `/api/v2/appointments/${target.id}/finalize/`,
      { patients: [finalizePatient()], sales_source: salesSource },
      target.headers,
    );
  const summaryOf = async (target: Target) => {
    const summary = await call(
      'GET',
      `/api/payments/appointments/${target.id}/payment_summary/`,
      undefined,
      target.headers,
    );
    expect(summary.status, summary.text).toBe(200);
    return (summary.json().data as { appointment: { net_price: number; payment_at_home: number } })
      .appointment;
  };
  /**
   * The card payment of what the summary says is due online, its token made beforehand: the
   * returned function sends the payment itself, so a race's clock starts at the charge.
   */
  const cardPayment = async (target: Target) => {
    const owed = await summaryOf(target);
    const amount = owed.net_price - owed.payment_at_home;
    const card = await call('POST', '/api/v2/sandbox/card-tokens/', {
      card_number: '4111111111111111',
      cardholder_name: 'APRO',
      expiration_month: 12,
      expiration_year: new Date().getUTCFullYear() + 1,
      security_code: '123',
    });
    expect(card.status, card.text).toBe(201);
    const send = () =>
      call(
        'POST',
        `/api/v2/mercado-pago/${target.id}/card/`,
        { token: card.json().id, payment_method_id: 'visa', amount },
        target.headers,
      );
    return { amount, atHome: owed.payment_at_home, send };
  };
  /** A booking of the fixture sector held through the API on `date` at `hour`, finalised. */
  const heldInSector = async (sectorId: number, date: string, hour: number): Promise<Target> => {
    const booking = await createFixtureAppointment(database.db, sectorId);
    await database.db.update(appointments).set({ clientId: 'demo' }).where(eq(appointments.id, booking.id));
    const target = { id: booking.id, headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token } };
    const held = await call(
      'POST',
      `/api/v2/appointments/${booking.id}/schedule/`,
      block(date, hour),
      target.headers,
    );
    expect(held.status, held.text).toBe(200);
    const finalized = await finalize(target, 'marketplace');
    expect(finalized.status, finalized.text).toBe(200);
    return target;
  };
  const rowOf = async (id: string) =>
    (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const visitsOf = (id: string) => database.db.select().from(visits).where(eq(visits.appointmentId, id));
  const entriesOf = (id: string) => database.db.select().from(payments).where(eq(payments.appointmentId, id));
  const rescheduleEmailsOf = (id: string) =>
    database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.appointmentId, id),
          eq(outboxEvents.channel, 'email'),
          eq(outboxEvents.topic, 'appointment.rescheduled'),
        ),
      );
  const today = () => localParts(new Date(), SANTIAGO).date;

  it("a console move and the patient's reschedule of one visit, sent together: one applies, the other answers 409 appointment-changed, one e-mail", async () => {
    const { sectorId, nurseIds } = await createFixtureSector(database.db, [{}, {}]);
    const [labA = 0, labB = 0] = nurseIds;
    const coordinator = await consoleHeaders('coordinator');
    for (let trial = 0; trial < TRIALS; trial++) {
      const date = addDays(today(), 3 + trial);
      const target = await heldInSector(sectorId, date, 9);
      const paid = await (await cardPayment(target)).send();
      expect(paid.status, paid.text).toBe(200);
      expect(paid.json().status).toBe('approved');
      const [before] = await visitsOf(target.id);
      expect(before?.status).toBe('confirmed');
      const other = before?.nurseId === labA ? labB : labA;
      // The coordinator picks a place the console offers: the other nurse at 11:00.
      const options = await call(
        'GET',
        `/api/console/appointments/${target.id}/move-options?date=${date}`,
        undefined,
        coordinator,
      );
      expect(options.status, options.text).toBe(200);
      const eleven = (
        options.json().blocks as Array<{ begin_date: string; nurses: Array<{ id: string }> }>
      ).find((entry) => entry.begin_date === `${date} 11:00:00`);
      expect(eleven?.nurses.map((nurse) => nurse.id)).toContain(String(other));
      // Both people look at the booking as it is now: the coordinator's page and the patient's link.
      const page = await call('GET', `/api/console/appointments/${target.id}`, undefined, coordinator);
      const link = await call('GET', `/api/v2/appointments/${target.id}/booking/`, undefined, target.headers);
      expect(page.status, page.text).toBe(200);
      expect(link.status, link.text).toBe(200);
      const version = page.json().version as number;
      expect(link.json().version).toBe(version);
      const emailsBefore = (await rescheduleEmailsOf(target.id)).length;

      const [moved, rescheduled] = await Promise.all([
        call(
          'POST',
          `/api/console/appointments/${target.id}/move`,
          { ...block(date, 11), nurse_id: String(other), version },
          coordinator,
        ),
        call(
          'POST',
          `/api/v2/appointments/${target.id}/reschedule/`,
          { ...block(date, 14), version },
          target.headers,
        ),
      ]);

      expect(serverError(moved), moved.text).toBe(false);
      expect(serverError(rescheduled), rescheduled.text).toBe(false);
      expect([moved.status, rescheduled.status].sort(), `${moved.text} | ${rescheduled.text}`).toEqual([
        200, 409,
      ]);
      const [won, lost] = moved.status === 200 ? [moved, rescheduled] : [rescheduled, moved];
      expect(lost.json().err).toBe(ERRORS.APPOINTMENT_CHANGED.err);
      // One visit, where the change that answered 200 put it.
      const after = await visitsOf(target.id);
      expect(after).toHaveLength(1);
      const [visit] = after;
      expect(visit?.status).toBe('confirmed');
      expect(visit?.expiresAt).toBeNull();
      const hour = won === moved ? 11 : 14;
      expect(localParts(visit?.blockStart ?? new Date(0), SANTIAGO)).toMatchObject({
        date,
        minutes: hour * 60,
      });
      if (won === moved) expect(visit?.nurseId).toBe(other);
      expect((await rowOf(target.id))?.status).toBe('confirmed');
      // The patient heard of the change that applied, once, as a new date.
      const emails = await rescheduleEmailsOf(target.id);
      expect(emails.length - emailsBefore).toBe(1);
      expect((emails.at(-1)?.payload as { kind?: string }).kind).toBe('rescheduled');
      expect((emails.at(-1)?.payload as { begin?: string }).begin).toBe(visit?.blockStart.toISOString());
      // One change bumped the version once.
      const reread = await call(
        'GET',
        `/api/v2/appointments/${target.id}/booking/`,
        undefined,
        target.headers,
      );
      expect(reread.json().version).toBe(version + 1);
    }
  }, 240_000);

  it("a nurse marked absent while a hold of hers is paid by card: never confirmed onto her day off, the person's time kept with the other nurse", async () => {
    const { sectorId, nurseIds } = await createFixtureSector(database.db, [{}, {}]);
    const [nurseOne = 0, nurseTwo = 0] = nurseIds;
    const coordinator = await consoleHeaders('coordinator');
    // When the absence is sent after the card: before the gateway answers, around its answer (the
    // confirmation's moment), and after it.
    const delays = [50, 250, 280, 300, 320, 340, 370, 450];
    for (let trial = 0; trial < TRIALS; trial++) {
      const date = addDays(today(), 3 + trial);
      const target = await heldInSector(sectorId, date, 10);
      const [hold] = await visitsOf(target.id);
      expect(hold?.status).toBe('hold');
      const absent = hold?.nurseId ?? 0;
      const other = absent === nurseOne ? nurseTwo : nurseOne;
      const card = await cardPayment(target);

      const paying = card.send();
      await wait(delays[trial] ?? 50);
      const absence = await call(
        'POST',
        `/api/console/nurses/${absent}/sick-days`,
        { from: date, to: date },
        coordinator,
      );
      const paid = await paying;

      const context = `trial ${trial} (+${delays[trial]} ms): card ${paid.status} ${paid.text} | absence ${absence.status} ${absence.text}`;
      expect(serverError(paid), context).toBe(false);
      expect(absence.status, context).toBe(200);
      // She is off that day, whatever the order.
      const off = await database.db
        .select()
        .from(nurseDaysOff)
        .where(and(eq(nurseDaysOff.nurseId, absent), eq(nurseDaysOff.day, date)));
      expect(off, context).toHaveLength(1);
      // The booking was on her block, as a hold or a visit by the time the absence looked: listed
      // once, and given to the other nurse (free in that block) rather than released.
      const answer = absence.json() as {
        holds: Array<{ appointment_id: string; result: string | null }>;
        visits: Array<{ appointment_id: string; result: string | null }>;
      };
      const listed = [...answer.holds, ...answer.visits].filter(
        (entry) => entry.appointment_id === target.id,
      );
      expect(
        listed.map((entry) => entry.result),
        context,
      ).toEqual(['moved']);

      const row = await rowOf(target.id);
      const after = await visitsOf(target.id);
      const entries = await entriesOf(target.id);
      const approvedCharges = entries.filter((entry) => entry.status === 'approved');
      const found = `${context} | appointment ${row?.status}, visits ${JSON.stringify(after)}`;
      if (row?.status === 'confirmed') {
        expect(paid.status, context).toBe(200);
        // A confirmed booking has one confirmed visit (never a hold that lapses), with a nurse who
        // works that day: the other one, at the time the person chose.
        expect(after, found).toHaveLength(1);
        const [visit] = after;
        expect(visit?.status, found).toBe('confirmed');
        expect(visit?.expiresAt, found).toBeNull();
        expect(visit?.nurseId, found).toBe(other);
        expect(visit?.keptOffRoster, context).toBe(false);
        expect(visit?.blockStart.getTime(), context).toBe(hold?.blockStart.getTime());
        const visitOff = await database.db
          .select()
          .from(nurseDaysOff)
          .where(and(eq(nurseDaysOff.nurseId, visit?.nurseId ?? 0), eq(nurseDaysOff.day, date)));
        expect(visitOff, context).toEqual([]);
        expect(
          approvedCharges.map((entry) => entry.amount),
          context,
        ).toEqual([card.amount]);
        expect(row.quote?.due.online, context).toBe(card.amount);
      } else {
        // Not confirmed: the card was refused or its charge given back, and nothing is with her.
        expect(paid.status, context).toBe(409);
        expect(approvedCharges, context).toEqual([]);
        for (const entry of entries) {
          const [charge] = await database.db
            .select()
            .from(sandboxCharges)
            .where(eq(sandboxCharges.externalReference, entry.id));
          if (charge?.status === 'approved') expect(charge.refunded, context).toBe(true);
        }
        expect(
          after.filter((visit) => visit.nurseId === absent),
          context,
        ).toEqual([]);
        expect(
          after.filter((visit) => visit.status === 'confirmed'),
          context,
        ).toEqual([]);
      }
      // Never anything confirmed with her on her day off.
      const hers = await database.db
        .select()
        .from(visits)
        .where(and(eq(visits.nurseId, absent), eq(visits.localDay, date)));
      expect(hers, context).toEqual([]);
    }
  }, 240_000);

  it("'Registrar pago en domicilio' sent while the card is being charged: never more than the frozen quote's total, 'Pagada' only when nothing is owed", async () => {
    const [nurse] = await database.db
      .insert(nurses)
      .values({ name: 'Enfermera del cobro', skills: ['lab', 'vaccine', 'medical_service'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    const finance = await consoleHeaders('finance');
    for (let trial = 0; trial < TRIALS; trial++) {
      // Even trials: the marketplace, all paid online, and an operator who records the whole price
      // as collected. Odd trials: RedSalud, whose exams are paid at the address, and an operator
      // who records what is left there. The collection is sent before the gateway answers, around
      // its answer and after it.
      const partner = trial % 2 === 1;
      const delay = [50, 300, 330, 420][Math.floor(trial / 2)] ?? 50;
      block2035 += 1;
      const held = await insertScheduledAppointment(database.db, {
        nurseId: nurse.id,
        blockStart: new Date(Date.UTC(2035, 0, 1) + block2035 * 3_600_000),
        clientId: partner ? 'redsalud' : 'demo',
        salesSource: partner ? 'redsalud' : 'marketplace',
      });
      const target = { id: held.id, headers: { [APPOINTMENT_TOKEN_HEADER]: held.token } };
      const finalized = await finalize(target, partner ? 'redsalud' : 'marketplace');
      expect(finalized.status, finalized.text).toBe(200);
      const card = await cardPayment(target);
      expect(card.amount).toBeGreaterThan(0);
      if (partner) expect(card.atHome).toBeGreaterThan(0);
      else expect(card.atHome).toBe(0);
      const collect = partner ? card.atHome : card.amount;

      const paying = card.send();
      await wait(delay);
      const collected = await call(
        'POST',
        `/api/console/appointments/${target.id}/payments`,
        { amount: collect, method: 'cash' },
        finance,
      );
      const paid = await paying;

      const context = `trial ${trial} (${partner ? 'redsalud' : 'marketplace'}, +${delay} ms): card ${paid.status} ${paid.text} | collect ${collected.status} ${collected.text}`;
      expect(serverError(paid), context).toBe(false);
      expect(serverError(collected), context).toBe(false);
      // The collection never stands in the card's way: it is approved and confirms.
      expect(paid.status, context).toBe(200);
      expect(paid.json().status, context).toBe('approved');
      // Refused while the booking is not confirmed yet (or a charge is open), and once nothing is
      // left at the address; the partner's part at the address is collected once confirmed.
      if (collected.status !== 204) {
        expect(collected.status, context).toBe(409);
        expect(
          [
            ERRORS.INVALID_APPOINTMENT_STATUS,
            ERRORS.PAYMENT_IN_PROCESS.err,
            ...(partner ? [] : [ERRORS.CONSOLE_PAYMENT_ALREADY_RECORDED.err]),
          ],
          context,
        ).toContain(collected.json().err);
      } else expect(partner, context).toBe(true);
      const row = await rowOf(target.id);
      expect(row?.status, context).toBe('confirmed');
      const quote = row?.quote;
      expect(quote, context).toBeTruthy();
      if (!row || !quote) continue;
      const entries = await entriesOf(target.id);
      const approved = entries.filter((entry) => entry.status === 'approved');
      const sum = (rows: typeof entries) => rows.reduce((total, entry) => total + entry.amount, 0);
      const charges = approved.filter((entry) => entry.gateway !== 'console');
      const collections = approved.filter((entry) => entry.gateway === 'console');
      // Never more taken than the booking costs; the card took exactly its part, once.
      expect(sum(approved), context).toBeLessThanOrEqual(quote.due.total + 0.005);
      expect(
        charges.map((entry) => entry.amount),
        context,
      ).toEqual([quote.due.online]);
      expect(sum(collections), context).toBeLessThanOrEqual(quote.due.at_address + 0.005);
      if (collected.status === 204)
        expect(
          collections.map((entry) => entry.amount),
          context,
        ).toEqual([collect]);
      else expect(collections, context).toEqual([]);
      const ledger = ledgerOf(row, entries);
      expect(ledger, context).not.toBeNull();
      if (!ledger) continue;
      expect(ledger.outstanding, context).toBeGreaterThanOrEqual(-0.005);
      // 'Pagada' means nothing is owed, but for what the partner's exams leave at the address
      // (docs/decisions/money-ledger.md: the wire's 'Payment Successful' is the card's part paid).
      if (row.paymentStatus === 'Payment Successful')
        expect(ledger.outstanding - ledger.outstandingAtAddress, context).toBeLessThanOrEqual(0.005);
      if (quote.due.at_address === 0 && row.paymentStatus === 'Payment Successful')
        expect(ledger.outstanding, context).toBe(0);
      if (collected.status === 204) expect(ledger.outstanding, context).toBe(0);
    }
  }, 240_000);
});
