import { FONASA_TIERS } from '@visita/domain/insurance';
import { type PartnerRules, readPartnerProfile } from '@visita/domain/partner-profile';
import { PAYMENT_STATUS, type PaymentStatus } from '@visita/domain/cards';
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD } from '@visita/domain/constants';
import type {
  AppointmentAmounts,
  AppointmentOriginBody,
  LastMileBody,
  ManualConfirmAnswer,
  ManualConfirmBody,
  PaymentSummaryAnswer,
  SetAmountBody,
} from '@visita/domain/contract/appointments';
import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import { localeFromCountry } from '@visita/domain/locale';
import { computeAmountToPay, validateAmountToPay } from '@visita/domain/money';
import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, type AppointmentStatusValue, visits } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { findClientById } from '../clients/queries.ts';
import { recordCouponUse } from '../coupons/service.ts';
import { takeStock } from '../operative/stock.ts';
import { writeBookingEvents } from '../notifications/booking-events.ts';
import { confirmVisit } from '../scheduling/hold.ts';
import { type AppointmentRow, findAppointmentById } from './queries.ts';
import { assertClientSplits, splitCart } from './split-payment.ts';

// ---- The state machine ----

export type AppointmentEvent = 'schedule' | 'confirm' | 'cancel' | 'expire';

/**
 * Which status each event may leave from, and where it goes. Scheduling again keeps a scheduled
 * appointment scheduled (a new hold replaces the first); everything else only moves forward.
 */
const TRANSITIONS: Readonly<
  Record<AppointmentEvent, { from: readonly AppointmentStatusValue[]; to: AppointmentStatusValue }>
> = {
  // An expired appointment may pick a block again: the person came back after the hold lapsed.
  schedule: { from: ['pending', 'scheduled', 'expired'], to: 'scheduled' },
  confirm: { from: ['scheduled'], to: 'confirmed' },
  cancel: { from: ['pending', 'scheduled'], to: 'cancelled' },
  expire: { from: ['scheduled'], to: 'expired' },
};

export const INVALID_APPOINTMENT_STATUS = 'invalid-appointment-status';

/** Why an event cannot apply, said from the status the appointment is in. */
const STATUS_MESSAGES: Readonly<Record<AppointmentStatusValue, string>> = {
  pending: 'La cita aún no tiene un bloque horario reservado. Por favor, elige un horario.',
  scheduled: 'La cita tiene un bloque horario reservado y aún no está confirmada.',
  confirmed: 'La cita ya está confirmada.',
  cancelled: 'La cita fue cancelada.',
  expired: 'La reserva de la cita expiró. Por favor, vuelve a elegir un horario.',
};

export const invalidStatus = (status: AppointmentStatusValue) =>
  new AppError(409, INVALID_APPOINTMENT_STATUS, STATUS_MESSAGES[status]);

/** The pure transition: the next status, or the 409 an illegal transition answers. */
export function transition(status: AppointmentStatusValue, event: AppointmentEvent): AppointmentStatusValue {
  const rule = TRANSITIONS[event];
  if (!rule.from.includes(status)) throw invalidStatus(status);
  return rule.to;
}

/**
 * Applies an event with one conditional UPDATE (status still one it may leave from), never a
 * read-then-write: of two concurrent calls, one changes the row and the other finds it changed.
 * Undefined when the row was not in such a status (the caller reads why).
 */
async function applyTransition(
  db: Db,
  id: string,
  event: AppointmentEvent,
  changes: Partial<typeof appointments.$inferInsert> = {},
): Promise<AppointmentRow | undefined> {
  const rule = TRANSITIONS[event];
  const [row] = await db
    .update(appointments)
    .set({ ...changes, status: rule.to, updatedAt: new Date() })
    .where(and(eq(appointments.id, id), inArray(appointments.status, [...rule.from])))
    .returning();
  return row;
}

/** The 409 for an event that did not apply, from the status the row has now. */
async function refusal(db: Db, id: string): Promise<AppError> {
  const current = await findAppointmentById(db, id);
  return current ? invalidStatus(current.status) : invalidStatus('cancelled');
}

/** pending|scheduled → cancelled; a held block is freed at once. */
export async function cancelAppointment(db: Db, id: string, now: Date = new Date()): Promise<AppointmentRow> {
  const row = await inTransaction(db, async (tx) => {
    const cancelled = await applyTransition(tx, id, 'cancel', { cancelledAt: now });
    if (cancelled)
      await tx.delete(visits).where(and(eq(visits.appointmentId, id), eq(visits.status, 'hold')));
    return cancelled;
  });
  if (!row) throw await refusal(db, id);
  return row;
}

/**
 * scheduled → expired, only when the appointment no longer has a live hold: its hold's time is
 * up, or the block was taken and the hold deleted. One statement, so a confirmation cannot slip
 * in between the check and the change.
 */
export async function expireAppointment(db: Db, id: string, now: Date = new Date()): Promise<AppointmentRow> {
  const [row] = await db
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(appointments.id, id),
        inArray(appointments.status, [...TRANSITIONS.expire.from]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(visits)
            .where(
              and(
                eq(visits.appointmentId, id),
                or(
                  eq(visits.status, 'confirmed'),
                  isNull(visits.expiresAt),
                  sql`${visits.expiresAt} > ${now}`,
                ),
              ),
            ),
        ),
      ),
    )
    .returning();
  if (row) return row;
  const current = await findAppointmentById(db, id);
  if (current?.status === 'scheduled') {
    throw new AppError(409, 'hold-not-expired', 'La reserva del bloque horario aún está vigente.');
  }
  throw current ? invalidStatus(current.status) : invalidStatus('cancelled');
}

/**
 * The sweep the server runs every minute: holds past their 20 minutes are deleted, freeing their
 * blocks, and every scheduled appointment left without a visit becomes expired. Both in one
 * transaction, and each a single statement, so a confirmation (which needs the hold's row) either
 * wins before the delete or finds the row gone. Stateless: any number of instances may run it.
 */
export async function expireLapsedHolds(db: Db, now: Date = new Date()): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.delete(visits).where(and(eq(visits.status, 'hold'), sql`${visits.expiresAt} < ${now}`));
    const expired = await tx
      .update(appointments)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(appointments.status, 'scheduled'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(visits)
              .where(eq(visits.appointmentId, appointments.id)),
          ),
        ),
      )
      .returning({ id: appointments.id });
    return expired.length;
  });
}

// ---- Confirmation: the one place every path confirms through ----

/** One patient of the cart an appointment stores (finalise's patients): fonasa and catalogue ids. */
export interface AppointmentCartPatient {
  is_fonasa: boolean;
  items: number[];
  packs: number[];
}

const catalogueIds = (entries: unknown): number[] =>
  Array.isArray(entries)
    ? entries.flatMap((entry: unknown) => {
        const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : entry;
        const value = typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id;
        return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? [value] : [];
      })
    : [];

/** The stored patients as a cart; anything that is not one is left out, not a 500. */
export function appointmentCart(patients: readonly unknown[]): AppointmentCartPatient[] {
  return patients.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const patient = entry as { is_fonasa?: unknown; fonasa_tier?: unknown; items?: unknown; packs?: unknown };
    const tier = FONASA_TIERS.find((known) => known === patient.fonasa_tier);
    return [
      {
        is_fonasa: patient.is_fonasa === true,
        ...(tier ? { fonasa_tier: tier } : {}),
        items: catalogueIds(patient.items),
        packs: catalogueIds(patient.packs),
      },
    ];
  });
}

const APPOINTMENT_WITHOUT_PATIENTS = {
  err: 'appointment-without-patients',
  msg: 'La cita no tiene pacientes con servicios. Agrega al menos un paciente con un examen o servicio antes de confirmarla.',
} as const;

/** Whether the stored patients make a visit: at least one patient with at least one item or pack. */
export const hasPatientWithServices = (patients: readonly unknown[]): boolean =>
  appointmentCart(patients).some((patient) => patient.items.length + patient.packs.length > 0);

/** A confirmed visit is always someone's visit for something; every confirming path checks it. */
export function assertConfirmable(patients: readonly unknown[]): void {
  if (!hasPatientWithServices(patients))
    throw new AppError(409, APPOINTMENT_WITHOUT_PATIENTS.err, APPOINTMENT_WITHOUT_PATIENTS.msg);
}

/** Every unit of stock the cart takes: each item and pack id, once per patient that has it. */
export const stockUnitsOf = (patients: readonly unknown[]): number[] =>
  appointmentCart(patients).flatMap((patient) => [...patient.items, ...patient.packs]);

/**
 * scheduled → confirmed with everything a confirmation means, in one transaction: the visit made
 * permanent, the coupon's use counted (once: coupon_uses is unique per appointment), the limited
 * stock taken (409 stockout when too little is left), and `alsoInTransaction` (the payment row
 * of a card or cash payment). Manual confirmation, card approval and pay-at-home all come here,
 * and none confirms a visit without a patient with a service (409 appointment-without-patients).
 * Any failure rolls all of it back; an appointment no longer scheduled answers the 409 of its status.
 */
export async function confirmAppointment(
  db: Db,
  id: string,
  changes: Partial<typeof appointments.$inferInsert>,
  alsoInTransaction?: (tx: Db, row: AppointmentRow) => Promise<void>,
): Promise<AppointmentRow> {
  const confirmed = await inTransaction(db, async (tx) => {
    const row = await applyTransition(tx, id, 'confirm', changes);
    if (!row) return undefined;
    // Read from the row being confirmed, so a finalise racing this call cannot slip past it.
    assertConfirmable(row.patients);
    await confirmVisit(tx, id);
    if (row.couponCode) {
      const use = await recordCouponUse(tx, row.couponCode, row.id);
      // An unknown or switched-off coupon is not counted; one with no uses left cannot be honoured.
      if (use === 'no-uses') throw new AppError(409, COUPON_NO_USES.err, COUPON_NO_USES.msg);
    }
    await takeStock(tx, stockUnitsOf(row.patients));
    if (alsoInTransaction) await alsoInTransaction(tx, row);
    // The e-mails and the partner's webhook exist exactly when the confirmation does.
    await writeBookingEvents(tx, row, 'appointment.confirmed');
    return row;
  });
  if (!confirmed) throw await refusal(db, id);
  return confirmed;
}

// ---- Manual confirmation ----

export interface ManualConfirmationRule {
  /** Whether this caller may confirm the visit without a card payment. */
  allowed: boolean;
  /** The payment status such a confirmation records; the caller never chooses it. */
  paymentStatus: PaymentStatus;
  /** The payment options the client's profile narrows the country's to (null: the country's). */
  paymentMethods: PartnerRules['payment_methods'];
}

/**
 * The client's stored rule for confirming without a card payment, for whoever is asking: the
 * staff mode's (laas_config_v2) when the client's API token was presented, else the partner
 * embed's (sdk_config_v2). The widget reads the same flag, so both agree on who confirms by hand.
 */
export async function manualConfirmationRule(
  db: Db,
  appointment: AppointmentRow,
  viaStaffToken: boolean,
): Promise<ManualConfirmationRule> {
  const client = appointment.clientId ? await findClientById(db, appointment.clientId) : undefined;
  const mode = (viaStaffToken ? client?.laasConfig : client?.sdkConfig) ?? {};
  return {
    allowed: mode.manual_confirmation === true,
    paymentStatus: mode.manual_confirmation_payment_status ?? PAYMENT_STATUS.PAYMENT_SUCCESSFUL,
    paymentMethods: readPartnerProfile(client?.profile).rules.payment_methods,
  };
}

const manualConfirmationNotAllowed = () =>
  new AppError(
    403,
    'manual-confirmation-not-allowed',
    'Esta cita debe pagarse para confirmarse; no admite confirmación manual.',
  );

const COUPON_NO_USES = { err: 'coupon-no-uses', msg: 'Este cupón ya no se puede utilizar' } as const;

/** The split payment as stored: who pays which exams. */
function splitPaymentOf(body: ManualConfirmBody): Record<string, unknown> | null {
  if (!body.split_payment) return null;
  return {
    split_payment: true,
    client_exams_to_pay: body.client_exams_to_pay,
    patient_exams_to_pay: body.patient_exams_to_pay,
  };
}

/**
 * POST /appointments/{id}/manual_confirm/: scheduled → confirmed, in one transaction with the
 * visit made permanent, the coupon's use counted and the stock taken (confirmAppointment); any
 * failure rolls all of it back.
 * force_confirmation (always true) does not confirm an appointment without a block: a confirmed
 * visit always has its nurse.
 */
export async function manualConfirm(
  db: Db,
  appointment: AppointmentRow,
  viaStaffToken: boolean,
  body: ManualConfirmBody,
  now: Date = new Date(),
): Promise<ManualConfirmAnswer> {
  const rule = await manualConfirmationRule(db, appointment, viaStaffToken);
  const companyPays = body.split_payment && body.client_exams_to_pay.length > 0;
  // A patient confirms without paying only when their company pays every exam (split payment):
  // nothing is left for the card.
  if (!rule.allowed && !companyPays) throw manualConfirmationNotAllowed();
  let split = splitPaymentOf(body);
  if (companyPays) {
    // Whoever confirms, the split stored is the server's reading of the stored cart, not the
    // body's lists: only a client that splits, and only exams the patients have.
    await assertClientSplits(db, appointment);
    const reading = splitCart(appointmentCart(appointment.patients), body.client_exams_to_pay);
    if (!rule.allowed && reading.cart.length > 0) throw manualConfirmationNotAllowed();
    split = reading.split;
  }
  // Staff record how the visit was settled; anyone else gets the partner defaults. The status
  // is always the client's rule, never the caller's word.
  const paymentMethod = viaStaffToken ? body.payment_method : DEFAULT_PAYMENT_METHOD;
  const paymentGateway = viaStaffToken ? body.payment_gateway : DEFAULT_PAYMENT_GATEWAY;
  const referral = body.referral_code?.trim() ? body.referral_code.trim().toUpperCase() : undefined;
  const confirmed = await confirmAppointment(db, appointment.id, {
    paymentMethod,
    paymentGateway,
    paymentStatus: rule.paymentStatus,
    splitPayment: split,
    confirmedAt: now,
    ...(referral ? { referralCode: referral } : {}),
  });
  return {
    id: confirmed.id,
    status: 'confirmed',
    payment_method: paymentMethod,
    payment_gateway: paymentGateway,
    payment_status: rule.paymentStatus,
    confirmed_at: now.toISOString(),
  };
}

// ---- Payment summary ----

export function toPaymentSummary(
  row: AppointmentRow,
  quote: Pick<CartPriceAnswer, 'net_price' | 'payment_at_home'> | null,
): PaymentSummaryAnswer {
  return {
    data: {
      appointment: {
        id: row.id,
        status: row.status,
        payment_method: row.paymentMethod,
        payment_gateway: row.paymentGateway,
        payment_status: row.paymentStatus,
        amounts: row.amounts ?? null,
        split_payment: row.splitPayment ?? null,
        currency: localeFromCountry(row.country).currency,
        confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
        net_price: quote?.net_price ?? null,
        payment_at_home: quote?.payment_at_home ?? null,
      },
    },
  };
}

// ---- Amount step ----

/** Beyond any visit's price; keeps cents exact in a double and out of overflow. */
const MAX_AMOUNT = 1_000_000_000;
const AMOUNT_TOO_LARGE_MESSAGE = 'El monto es demasiado grande';

/** The amount can be set until the visit is confirmed; afterwards it is what was charged. */
const AMOUNT_EDITABLE: AppointmentStatusValue[] = ['pending', 'scheduled'];

/**
 * The call's {discount, total} are the step's two fields: `total` is the Subtotal typed (the
 * amount before discount and IVA) and `discount` the 'Promoción / Descuento (monto)'. The IVA
 * and Total the step shows read-only are computed here, as the domain computes them, and stored.
 */
export function computeAmounts(body: SetAmountBody): AppointmentAmounts {
  const subtotal = body.total ?? null;
  const promotion = body.discount ?? null;
  for (const value of [subtotal, promotion]) {
    if (value !== null && Math.abs(value) > MAX_AMOUNT)
      throw badRequest('invalid-amount', AMOUNT_TOO_LARGE_MESSAGE);
  }
  const errors = validateAmountToPay({ subtotal, promotion });
  if (errors.subtotal) throw badRequest('invalid-subtotal', errors.subtotal);
  if (errors.promotion) throw badRequest('invalid-discount', errors.promotion);
  const discount = promotion ?? 0;
  const { iva, total } = computeAmountToPay(subtotal as number, discount);
  return { subtotal: subtotal as number, discount, iva, total };
}

export async function setAmount(
  db: Db,
  appointment: AppointmentRow,
  body: SetAmountBody,
): Promise<AppointmentAmounts> {
  const amounts = computeAmounts(body);
  const [row] = await db
    .update(appointments)
    .set({ amounts, updatedAt: new Date() })
    .where(and(eq(appointments.id, appointment.id), inArray(appointments.status, AMOUNT_EDITABLE)))
    .returning({ id: appointments.id });
  if (!row) throw await refusal(db, appointment.id);
  return amounts;
}

// ---- Origin ----

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
    throw new AppError(
      403,
      'origin-staff-only',
      'Solo el personal del cliente puede registrar el origen de la cita.',
    );
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
    throw new AppError(
      409,
      'appointment-not-editable',
      'La cita fue cancelada o venció; no se puede modificar.',
    );
  }
  return { client_origin: row.clientOrigin ?? origin };
}

// ---- Last mile ----

const notLastMile = () => new AppError(403, 'not-last-mile', 'Este cliente no trabaja con última milla.');

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
