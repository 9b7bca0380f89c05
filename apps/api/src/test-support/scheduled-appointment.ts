import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import { appointments, nurses, visits } from '../db/schema.ts';
import { DEMO_ITEM_IDS as ID } from '../db/seed/demo-catalogue-items.ts';
import { hashAppointmentToken, newAppointmentToken } from '../modules/appointments/access.ts';

/** An appointment the widget holds: its id and the token its calls carry. */
export interface HeldAppointment {
  id: string;
  token: string;
}

/** A nurse who takes lab visits, for tests that hold blocks of their own. */
export async function insertLabNurse(db: Db, name: string): Promise<number> {
  const [nurse] = await db
    .insert(nurses)
    .values({ name, skills: ['lab'] })
    .returning();
  if (!nurse) throw new Error('nurse insert returned nothing');
  return nurse.id;
}

/**
 * A scheduled appointment as finalise leaves it, on any database: a booking in Las Condes (the demo
 * marketplace's unless a partner is given) with its patients' cart (none unless given, as the date step leaves it) and a 20-minute
 * hold of the nurse on the block starting at `blockStart` (tests give each appointment a block of
 * its own).
 */
export async function insertScheduledAppointment(
  db: Db,
  {
    patients = [],
    nurseId,
    blockStart,
    clientId = 'demo',
    salesSource = 'marketplace',
  }: {
    patients?: StoredCartPatient[];
    nurseId: number;
    blockStart: Date;
    clientId?: string;
    salesSource?: string;
  },
): Promise<HeldAppointment> {
  const token = newAppointmentToken();
  const [row] = await db
    .insert(appointments)
    .values({
      tokenHash: hashAppointmentToken(token),
      status: 'scheduled',
      clientId,
      salesSource,
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      addressLine1: 'Avenida Apoquindo 4500',
      targetAddress: 'Avenida Apoquindo 4500, Las Condes',
      targetStreetNumber: '4500',
      targetLat: -33.4129,
      targetLng: -70.5799,
      patients,
    })
    .returning();
  if (!row) throw new Error('appointment insert returned nothing');
  await db.insert(visits).values({
    appointmentId: row.id,
    nurseId,
    blockStart,
    blockEnd: new Date(blockStart.getTime() + 3_600_000),
    status: 'hold',
    expiresAt: new Date(Date.now() + 20 * 60_000),
  });
  return { id: row.id, token };
}

/** A patient as the widget's last step sends them: Valentina Morales, glicemia only, unless overridden. */
export const finalizePatient = (
  overrides: { first_name?: string; email?: string; items?: number[] } = {},
) => ({
  first_name: 'Valentina',
  second_name: null,
  last_name: 'Morales',
  second_last_name: 'Díaz',
  date_of_birth: '1992-04-08',
  gender: 'female',
  document_type: 'ci',
  document_number: '111111111',
  email: 'valentina.morales@correo.cl',
  phone: '912345678',
  is_fonasa: false,
  items: [ID.glicemia],
  packs: [],
  ...overrides,
});

type FinalizePatient = ReturnType<typeof finalizePatient>;

/** POST finalize for a marketplace booking; `extra` adds to (or overrides) the payload, e.g. `coupon_code`. */
export const finalizeAppointment = (
  app: FastifyInstance,
  target: HeldAppointment,
  patients: FinalizePatient[],
  extra: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/v2/appointments/${target.id}/finalize/`,
    headers: { [APPOINTMENT_TOKEN_HEADER]: target.token },
    payload: { patients, sales_source: 'marketplace', ...extra },
  });

/** A sandbox card token that the sandbox gateway approves (cardholder APRO). */
export async function sandboxCardToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/sandbox/card-tokens/',
    payload: {
      card_number: '4111111111111111',
      cardholder_name: 'APRO',
      expiration_month: 12,
      expiration_year: new Date().getUTCFullYear() + 1,
      security_code: '123',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A booking finalised and paid online: what the tests need of it, and what was charged. */
export interface PaidAppointment extends HeldAppointment {
  /** The appointment token header, for the calls that follow. */
  headers: { [APPOINTMENT_TOKEN_HEADER]: string };
  /** What the card paid: the summary's net price less what is left to pay at the address. */
  amount: number;
}

/**
 * A scheduled appointment with a hold on the nurse's block, finalised with its patients (and a
 * coupon, when given: null removes one, left out none is sent) and paid by a sandbox card the
 * gateway approves, through the API as the widget does it. Finalise answering 200, the card token
 * 201 and the payment 200 'approved' are asserted on the way. `afterHold` runs once the hold is in,
 * before finalise; `beforePayment` once finalised, before the card is charged.
 */
export async function paidScheduledAppointment(
  app: FastifyInstance,
  {
    nurseId,
    blockStart,
    patients = [finalizePatient()],
    couponCode,
    afterHold,
    beforePayment,
  }: {
    nurseId: number;
    blockStart: Date;
    patients?: FinalizePatient[];
    couponCode?: string | null;
    afterHold?: (target: HeldAppointment) => Promise<void>;
    beforePayment?: (target: HeldAppointment) => Promise<void>;
  },
): Promise<PaidAppointment> {
  const target = await insertScheduledAppointment(app.db, { nurseId, blockStart });
  await afterHold?.(target);
  const headers = { [APPOINTMENT_TOKEN_HEADER]: target.token };
  const finalized = await finalizeAppointment(
    app,
    target,
    patients,
    couponCode === undefined ? {} : { coupon_code: couponCode },
  );
  expect(finalized.statusCode, finalized.body).toBe(200);
  await beforePayment?.(target);
  const owed = (
    await app.inject({
      method: 'GET',
      url: `/api/payments/appointments/${target.id}/payment_summary/`,
      headers,
    })
  ).json().data.appointment;
  const amount = owed.net_price - owed.payment_at_home;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/v2/mercado-pago/${target.id}/card/`,
    headers,
    payload: { token: await sandboxCardToken(app), payment_method_id: 'visa', amount },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().status).toBe('approved');
  return { ...target, headers, amount };
}
