import * as ERRORS from '@visita/domain/contract/api-errors';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { findClientById } from '../clients/queries.ts';
import type { AppointmentRow } from './queries.ts';

/* Split payment: the company pays the checked exams, the patient the rest. Shared by the
   card payment (which charges the rest) and the manual confirmation (when nothing is left). */

/** A patient's cart as the quote reads it (stored-cart.ts appointmentCart). */
interface CartPatient {
  is_fonasa: boolean;
  items: number[];
  packs: number[];
}

/** Only clients whose steps include split-payment share the bill with their patients. */
export async function assertClientSplits(db: Db, appointment: AppointmentRow): Promise<void> {
  const client = appointment.clientId ? await findClientById(db, appointment.clientId) : undefined;
  if (!client?.steps.some((step) => step.value === 'split-payment')) throw fail(ERRORS.SPLIT_NOT_ALLOWED);
}

type ExamsToPay = readonly { patient_index: number; item_ids: readonly (string | number)[] }[];

/**
 * Split payment: the company pays the checked exams, the patient the rest. The card
 * pays the quote of the cart without the company's exams (their service fee and coupon included);
 * every exam named must be one of that patient's items or packs. Answers the patient's cart and
 * the split as stored on the confirmed appointment.
 */
export function splitCart(
  cart: readonly CartPatient[],
  companyExams: ExamsToPay,
): { cart: CartPatient[]; split: Record<string, unknown> } {
  const company = new Map<number, Set<number>>();
  for (const entry of companyExams) {
    const patient = cart[entry.patient_index];
    if (!patient) throw fail(ERRORS.INVALID_SPLIT);
    const ids = company.get(entry.patient_index) ?? new Set<number>();
    for (const raw of entry.item_ids) {
      const id = Number(raw);
      if (!patient.items.includes(id) && !patient.packs.includes(id)) throw fail(ERRORS.INVALID_SPLIT);
      ids.add(id);
    }
    company.set(entry.patient_index, ids);
  }
  const rest = cart.map((patient, index) => {
    const paid = company.get(index) ?? new Set<number>();
    return {
      ...patient,
      items: patient.items.filter((id) => !paid.has(id)),
      packs: patient.packs.filter((id) => !paid.has(id)),
    };
  });
  const examsOf = (patients: CartPatient[]) =>
    patients.flatMap((patient, index) => {
      const ids = [...patient.items, ...patient.packs];
      return ids.length > 0 ? [{ patient_index: index, item_ids: ids }] : [];
    });
  return {
    cart: rest.filter((patient) => patient.items.length + patient.packs.length > 0),
    split: {
      split_payment: true,
      client_exams_to_pay: [...company].map(([index, ids]) => ({ patient_index: index, item_ids: [...ids] })),
      patient_exams_to_pay: examsOf(rest),
    },
  };
}
