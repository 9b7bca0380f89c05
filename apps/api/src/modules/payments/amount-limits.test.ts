import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, catalogueItems, itemPrices, payments } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import {
  type HeldAppointment,
  insertLabNurse,
  insertScheduledAppointment,
} from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';

const DEBIT_MAX =
  'El monto a pagar supera el máximo de $3.000.000 que se puede pagar con tarjeta de débito. Paga con otro medio de pago o divide los servicios en más de una cita.';
const CREDIT_MAX =
  'El monto a pagar supera el máximo de $11.000.000 que se puede pagar con tarjeta de crédito. Paga con otro medio de pago o divide los servicios en más de una cita.';
const WEBPAY_MIN =
  'El monto a pagar es menor al mínimo de $50 que se puede pagar con Webpay. Paga con otro medio de pago.';

/** The card amount limits of the payment method catalogue, enforced before any charge. */
describe.each(TEST_ENGINES)('card amount limits on $name', (engine) => {
  let t: TestApp;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    nurseId = await insertLabNurse(t.app.db, 'Enfermera montos');
    // Prices that reach each limit: one item past the debit limit, one past the credit limit, one below webpay's.
    const priced = [
      [ID.glicemia, 3_500_000, 0],
      [ID.hemograma, 12_000_000, 0],
      [ID.orinaCompleta, 30, 0],
    ] as const;
    for (const [id, price, serviceFee] of priced) {
      await t.app.db.delete(itemPrices).where(eq(itemPrices.itemId, id));
      await t.app.db
        .update(catalogueItems)
        .set({ price, serviceFee, fonasaServiceFee: 0, isPromotion: false })
        .where(eq(catalogueItems.id, id));
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A marketplace appointment with a live hold on a block of its own, one patient with the given items. */
  async function scheduled(items: number[]): Promise<HeldAppointment> {
    block += 1;
    return insertScheduledAppointment(t.app.db, {
      patients: [{ first_name: 'Paciente', last_name: 'Montos', is_fonasa: false, items, packs: [] }],
      nurseId,
      blockStart: new Date(Date.UTC(2033, 0, 1) + block * 3_600_000),
    });
  }

  const owed = async (target: { id: string; token: string }): Promise<number> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payments/appointments/${target.id}/payment_summary/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: target.token },
    });
    const summary = response.json().data.appointment;
    return summary.net_price - summary.payment_at_home;
  };

  async function cardToken(number: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sandbox/card-tokens/',
      payload: {
        card_number: number,
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: new Date().getUTCFullYear() + 1,
        security_code: number.startsWith('405188') ? '' : '123',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  const pay = async (target: { id: string; token: string }, method: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/mercado-pago/${target.id}/card/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: target.token },
      payload: { token, payment_method_id: method, amount: await owed(target) },
    });

  const refusedUntouched = async (target: { id: string }) => {
    expect(await t.app.db.select().from(payments).where(eq(payments.appointmentId, target.id))).toEqual([]);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, target.id));
    expect(row?.status).toBe('scheduled');
  };

  it('refuses a debit card above 3.000.000 with a Spanish message; a credit card pays it', async () => {
    const target = await scheduled([ID.glicemia]);
    expect(await owed(target)).toBeGreaterThan(3_000_000);
    const debit = await pay(target, 'debvisa', await cardToken('4051885600446623'));
    expect(debit.statusCode).toBe(400);
    expect(debit.json()).toEqual({ err: 'amount-out-of-range', msg: DEBIT_MAX });
    await refusedUntouched(target);

    const credit = await pay(target, 'visa', await cardToken('4111111111111111'));
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().status).toBe('approved');
  });

  it('refuses a credit card above 11.000.000', async () => {
    const target = await scheduled([ID.hemograma]);
    const response = await pay(target, 'master', await cardToken('5555555555554444'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'amount-out-of-range', msg: CREDIT_MAX });
    await refusedUntouched(target);
  });

  it('refuses webpay below 50', async () => {
    const target = await scheduled([ID.orinaCompleta]);
    expect(await owed(target)).toBeLessThan(50);
    const response = await pay(target, 'webpay', await cardToken('4111111111111111'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'amount-out-of-range', msg: WEBPAY_MIN });
    await refusedUntouched(target);
  });
});
