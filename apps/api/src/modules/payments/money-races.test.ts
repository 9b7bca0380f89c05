import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, nurses, payments, sandboxCharges } from '../../db/schema.ts';
import { demoEmployeeRut } from '../../db/seed/demo-company-roster.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import {
  finalizePatient,
  insertScheduledAppointment,
  sandboxCardToken,
} from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** MercadoPago's usual latency: long enough for a second request to arrive mid-charge. */
const CHARGE_DELAY_MS = 300;
/** How many times each race is run: one lucky ordering must not pass a broken rule. */
const TRIALS = 8;

/**
 * The money races an attacker won before (docs/decisions/money-ledger.md): a cart swapped while
 * its card is charged, a stranger put on the company while its split is confirmed. Each trial
 * sends both requests together against a gateway that takes CHARGE_DELAY_MS to answer; whatever
 * the order, what is confirmed is what was quoted and paid.
 */
describe.each(TEST_ENGINES)('money races on $name', (engine) => {
  let t: TestApp;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SANDBOX_CHARGE_DELAY_MS: String(CHARGE_DELAY_MS) } });
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera carreras', skills: ['lab', 'vaccine', 'medical_service'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A held appointment of the partner, with a 20-minute hold on a block of its own. */
  async function held(clientId: string, salesSource: string) {
    block += 1;
    const target = await insertScheduledAppointment(t.app.db, {
      nurseId,
      blockStart: new Date(Date.UTC(2032, 0, 1) + block * 3_600_000),
      clientId,
      salesSource,
    });
    return { id: target.id, headers: { [APPOINTMENT_TOKEN_HEADER]: target.token } };
  }

  const finalize = (
    target: Awaited<ReturnType<typeof held>>,
    salesSource: string,
    patients: ReturnType<typeof finalizePatient>[],
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${target.id}/finalize/`,
      headers: target.headers,
      payload: { patients, sales_source: salesSource },
    });

  async function owedOnline(target: Awaited<ReturnType<typeof held>>): Promise<number> {
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/payments/appointments/${target.id}/payment_summary/`,
      headers: target.headers,
    });
    const { net_price: net, payment_at_home: atHome } = summary.json().data.appointment;
    return net - atHome;
  }

  const rowOf = async (id: string) =>
    (await t.app.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const paymentsOf = (id: string) => t.app.db.select().from(payments).where(eq(payments.appointmentId, id));
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Nineteen lab exams: forty times the price of one glicemia, as in the attack. */
  const BIG_CART = [
    ID.hemograma,
    ID.perfilLipidico,
    ID.perfilBioquimico,
    ID.orinaCompleta,
    ID.curvaGlucosa,
    ID.estudioCariotipo,
    ID.perfilReumatologico,
  ];

  it('confirms the cart the card paid for: a finalize sent while it is charged answers 409 cart-frozen', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const target = await held('demo', 'marketplace');
      expect((await finalize(target, 'marketplace', [finalizePatient()])).statusCode).toBe(200);
      const amount = await owedOnline(target);
      const paying = t.app.inject({
        method: 'POST',
        url: `/api/v2/mercado-pago/${target.id}/card/`,
        headers: target.headers,
        payload: { token: await sandboxCardToken(t.app), payment_method_id: 'visa', amount },
      });
      await wait(50);
      const swapped = await finalize(target, 'marketplace', [finalizePatient({ items: BIG_CART })]);
      const paid = await paying;

      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().status).toBe('approved');
      expect(swapped.statusCode, swapped.body).toBe(409);
      expect(swapped.json()).toEqual({
        err: 'cart-frozen',
        msg: 'Tu reserva tiene un pago en curso o ya está confirmada: lo que incluye ya no se puede cambiar.',
      });
      const row = await rowOf(target.id);
      expect(row?.status).toBe('confirmed');
      expect(row?.patients.map((patient) => patient.items)).toEqual([[ID.glicemia]]);
      expect(row?.quote?.due).toEqual({ total: amount, online: amount, at_address: 0, company: 0 });
      // What the gateway charged is what the confirmed cart costs, once.
      const charged = await t.app.db.select().from(sandboxCharges);
      const ours = (await paymentsOf(target.id)).filter((one) => one.status === 'approved');
      expect(ours.map((one) => one.amount)).toEqual([amount]);
      expect(charged.filter((one) => one.externalReference === ours[0]?.id).map((one) => one.amount)).toEqual(
        [amount],
      );
      // And what every surface says it cost: the summary reads the frozen quote.
      expect(await owedOnline(target)).toBe(amount);
    }
  }, 120_000);

  it('never puts a stranger on the company: a split confirmation and a finalize that swaps the person, sent together', async () => {
    let confirmedWithEmployee = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const target = await held('demo-split', 'demo-split');
      const employee = finalizePatient({ items: [ID.perfilLipidico] });
      const first = await finalize(target, 'demo-split', [
        { ...employee, document_number: demoEmployeeRut(trial + 10) },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      const confirming = t.app.inject({
        method: 'POST',
        url: `/api/appointments/${target.id}/manual_confirm/`,
        headers: target.headers,
        payload: {
          split_payment: true,
          client_exams_to_pay: [{ patient_index: 0, item_ids: [ID.perfilLipidico] }],
        },
      });
      const stranger = finalize(target, 'demo-split', [
        finalizePatient({ items: [ID.perfilLipidico, ID.estudioCariotipo] }),
      ]);
      const [confirmed, swapped] = await Promise.all([confirming, stranger]);
      const row = await rowOf(target.id);
      if (row?.status === 'confirmed') {
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect(swapped.statusCode).toBe(409);
        // Confirmed with the employee and the exam the company pays, billed what it was quoted.
        expect(row.patients.map((patient) => patient.document_number)).toEqual([demoEmployeeRut(trial + 10)]);
        expect(row.patients.map((patient) => patient.items)).toEqual([[ID.perfilLipidico]]);
        const billed = (await paymentsOf(target.id)).filter((one) => one.status === 'company_billed');
        expect(billed.map((one) => one.amount)).toEqual([row.quote?.due.company]);
        expect(row.quote?.due.company).toBe(row.quote?.due.total);
        confirmedWithEmployee += 1;
      } else {
        // The swap came first: the company refuses the stranger, nothing is billed.
        expect(swapped.statusCode, swapped.body).toBe(200);
        expect(confirmed.statusCode).toBe(400);
        expect(confirmed.json().err).toBe('not-company-employee');
        expect(await paymentsOf(target.id)).toEqual([]);
      }
    }
    // The race was run, not only its refusals: at least one trial confirmed.
    expect(confirmedWithEmployee).toBeGreaterThan(0);
  }, 120_000);

  it('counts a document once against the company cap, however many patients carry it', async () => {
    const target = await held('demo-split', 'demo-split');
    const rut = demoEmployeeRut(40);
    const finalized = await finalize(target, 'demo-split', [
      { ...finalizePatient({ items: [ID.perfilLipidico] }), document_number: rut },
      { ...finalizePatient({ first_name: 'Valeria', items: [ID.hemograma] }), document_number: rut },
    ]);
    expect(finalized.statusCode, finalized.body).toBe(200);
    // A cap each exam fits alone, but not both: the same person is one person.
    const [client] = await t.app.db.select().from(clients).where(eq(clients.id, 'demo-split'));
    const profile = client?.profile as { rules: { company_pays: Record<string, unknown> } };
    const prices = await Promise.all(
      [ID.perfilLipidico, ID.hemograma].map(async (id) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v2/cart-price/',
          payload: {
            country: 'cl',
            locality: 'Las Condes',
            source: 'demo-split',
            patients: [{ is_fonasa: false, items: [id], packs: [] }],
          },
        });
        return response.json().base_price as number;
      }),
    );
    const cap = Math.max(...prices);
    await t.app.db
      .update(clients)
      .set({
        profile: {
          ...profile,
          rules: { ...profile.rules, company_pays: { ...profile.rules.company_pays, cap_per_person: cap } },
        },
      })
      .where(eq(clients.id, 'demo-split'));
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/${target.id}/manual_confirm/`,
        headers: target.headers,
        payload: {
          split_payment: true,
          client_exams_to_pay: [
            { patient_index: 0, item_ids: [ID.perfilLipidico] },
            { patient_index: 1, item_ids: [ID.hemograma] },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().err).toBe('company-cap-exceeded');
      expect((await rowOf(target.id))?.status).toBe('scheduled');
    } finally {
      await t.app.db.update(clients).set({ profile }).where(eq(clients.id, 'demo-split'));
    }
  });
});
