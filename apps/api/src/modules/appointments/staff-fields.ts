import * as ERRORS from '@visita/domain/contract/api-errors';
/** What staff set on an appointment: the amount step's figures, the origin, the last-mile folio and amount. */
import type {
  AppointmentAmounts,
  AppointmentOriginBody,
  LastMileBody,
  SetAmountBody,
} from '@visita/domain/contract/appointments';
import type { CountryCode } from '@visita/domain/locale';
import { computeAmountToPay, validateAmountToPay } from '@visita/domain/money';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { appointments, type AppointmentStatusValue } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { findClientById } from '../clients/queries.ts';
import type { AppointmentRow } from './queries.ts';

import { refusal } from './transitions.ts';

/** Beyond any visit's price; keeps cents exact in a double and out of overflow. */
const MAX_AMOUNT = 1_000_000_000;

const AMOUNT_TOO_LARGE_MESSAGE = 'El monto es demasiado grande';

/** The amount can be set until the visit is confirmed; afterwards it is what was charged. */
const AMOUNT_EDITABLE: AppointmentStatusValue[] = ['pending', 'scheduled'];

/**
 * The call's {discount, total} are the step's two fields: `total` is the Subtotal typed (the
 * amount before discount and IVA) and `discount` the 'Promoción / Descuento (monto)'. The IVA
 * and Total the step shows read-only are computed here, as the domain computes them (at the IVA of
 * the appointment's country), and stored.
 */
export function computeAmounts(body: SetAmountBody, country: CountryCode): AppointmentAmounts {
  const subtotal = body.total ?? null;
  const promotion = body.discount ?? null;
  for (const value of [subtotal, promotion]) {
    if (value !== null && Math.abs(value) > MAX_AMOUNT)
      throw fail(ERRORS.invalidAmount(AMOUNT_TOO_LARGE_MESSAGE));
  }
  const errors = validateAmountToPay({ subtotal, promotion });
  if (errors.subtotal) throw fail(ERRORS.invalidSubtotal(errors.subtotal));
  if (errors.promotion) throw fail(ERRORS.invalidDiscount(errors.promotion));
  const discount = promotion ?? 0;
  const { iva, total } = computeAmountToPay(subtotal as number, discount, country);
  return { subtotal: subtotal as number, discount, iva, total };
}

export async function setAmount(
  db: Db,
  appointment: AppointmentRow,
  body: SetAmountBody,
): Promise<AppointmentAmounts> {
  const amounts = computeAmounts(body, appointment.country);
  const [row] = await db
    .update(appointments)
    .set({ amounts, updatedAt: new Date() })
    .where(and(eq(appointments.id, appointment.id), inArray(appointments.status, AMOUNT_EDITABLE)))
    .returning({ id: appointments.id });
  if (!row) throw await refusal(db, appointment.id);
  return amounts;
}

/**
 * The origin the client's staff chose for a booking they make: recorded on the appointment so
 * they can read it back. Only their Bearer token may set it (a patient's link has no origin).
 */
export async function setOrigin(
  db: Db,
  access: { appointment: AppointmentRow; staff: boolean },
  body: AppointmentOriginBody,
): Promise<{ client_origin: string }> {
  if (!access.staff) {
    throw fail(ERRORS.ORIGIN_STAFF_ONLY);
  }
  const origin = body.client_origin.normalize('NFC').trim();
  const [row] = await db
    .update(appointments)
    .set({ clientOrigin: origin, updatedAt: new Date() })
    .where(
      and(
        eq(appointments.id, access.appointment.id),
        inArray(appointments.status, ['pending', 'scheduled', 'confirmed']),
      ),
    )
    .returning({ clientOrigin: appointments.clientOrigin });
  if (!row) {
    throw fail(ERRORS.APPOINTMENT_ENDED);
  }
  return { client_origin: row.clientOrigin ?? origin };
}

const notLastMile = () => fail(ERRORS.NOT_LAST_MILE);

/** Folio and amount of a last-mile client's own delivery; until the visit is cancelled or expired. */
export async function setLastMile(
  db: Db,
  appointment: AppointmentRow,
  body: LastMileBody,
): Promise<{ status: AppointmentStatusValue }> {
  const client = appointment.clientId ? await findClientById(db, appointment.clientId) : undefined;
  if (!client?.isLastMile) throw notLastMile();
  const folio = body.folio?.normalize('NFC').trim() || null;
  const [row] = await db
    .update(appointments)
    .set({ lastMile: { folio, amount: body.amount }, updatedAt: new Date() })
    .where(
      and(
        eq(appointments.id, appointment.id),
        inArray(appointments.status, ['pending', 'scheduled', 'confirmed']),
      ),
    )
    .returning({ status: appointments.status });
  if (!row) throw await refusal(db, appointment.id);
  return { status: row.status };
}
