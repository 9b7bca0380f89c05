import * as ERRORS from '@visita/domain/contract/api-errors';
import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import { formatCurrency } from '@visita/domain/money';
import { readPartnerProfile } from '@visita/domain/partner-profile';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { companyEmployees } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { keptClient } from '../clients/kept-clients.ts';
import { quoteCartPrice } from '../pricing/service.ts';
import type { AppointmentRow } from './queries.ts';
import { type AppointmentCartPatient, appointmentCart } from './stored-cart.ts';

/*
 * Split payment: the company pays the checked exams, the patient the rest. A company pays only
 * for the people on its roster and only the exams its profile lists (up to its cap per person);
 * what it pays is recorded as owed by it, never as a payment. Shared by the card payment (which
 * charges the rest) and the manual confirmation (when nothing is left).
 */

type ExamsToPay = readonly { patient_index: number; item_ids: readonly (string | number)[] }[];

/** The split as the server reads it from the stored cart and the exams put on the company. */
export interface CompanySplit {
  /** What is left for the patient: the cart without the company's exams (patients left empty dropped). */
  patientCart: AppointmentCartPatient[];
  /** The quote of the patient's part (what the card pays), null when nothing is left to them. */
  patientQuote: CartPriceAnswer | null;
  /** What the company owes: the whole quote less the patient's part (the visit fee included when nothing is left). */
  companyAmount: number;
  /** The whole cart's quote: what the booking costs, whoever pays it. */
  wholeQuote: CartPriceAnswer;
  /** As stored on the appointment. */
  record: Record<string, unknown>;
}

/** The exams put on the company, by patient index, each one of that patient's items or packs. */
function companyExamsByPatient(cart: readonly AppointmentCartPatient[], exams: ExamsToPay) {
  const company = new Map<number, Set<number>>();
  for (const entry of exams) {
    const patient = cart[entry.patient_index];
    if (!patient) throw fail(ERRORS.INVALID_SPLIT);
    const ids = company.get(entry.patient_index) ?? new Set<number>();
    for (const raw of entry.item_ids) {
      const id = Number(raw);
      if (!patient.items.includes(id) && !patient.packs.includes(id)) throw fail(ERRORS.INVALID_SPLIT);
      ids.add(id);
    }
    if (ids.size > 0) company.set(entry.patient_index, ids);
  }
  return company;
}

/** The documents of the appointment's patients that are on the company's roster. */
async function rosterDocuments(db: Db, clientId: string, documents: string[]): Promise<Set<string>> {
  if (documents.length === 0) return new Set();
  const rows = await db
    .select({ document: companyEmployees.document })
    .from(companyEmployees)
    .where(and(eq(companyEmployees.clientId, clientId), inArray(companyEmployees.document, documents)));
  return new Set(rows.map((row) => row.document));
}

/** A roster's document as stored and compared: trimmed, upper case (the patient form stores RUTs formatted). */
export const rosterDocument = (document: string): string => document.trim().toUpperCase();

/**
 * The split of an appointment whose body puts `exams` on the company, checked against the
 * company's rules: only a client whose steps include split-payment, only patients on its roster,
 * only exams its profile lists, within its cap per person. Refuses with the reason otherwise.
 */
export async function companySplit(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  exams: ExamsToPay,
): Promise<CompanySplit> {
  const client = appointment.clientId ? await keptClient(db, appointment.clientId) : undefined;
  if (!client?.steps.some((step) => step.value === 'split-payment')) throw fail(ERRORS.SPLIT_NOT_ALLOWED);
  const cart = appointmentCart(appointment.patients);
  const company = companyExamsByPatient(cart, exams);
  const rules = readPartnerProfile(client.profile).rules.company_pays;

  const documentOf = (index: number) => rosterDocument(appointment.patients[index]?.document_number ?? '');
  const onRoster = await rosterDocuments(db, client.id, [...company.keys()].map(documentOf));
  const quote = (patients: AppointmentCartPatient[]) =>
    quoteCartPrice(db, catalogue, {
      coupon_code: appointment.couponCode,
      country: appointment.country,
      locality: appointment.comuna,
      patients,
      source: appointment.salesSource,
    });
  // The cap is per person: a document entered as two patients counts once, with both carts.
  const byDocument = new Map<string, AppointmentCartPatient>();
  for (const [index, ids] of company) {
    if (!onRoster.has(documentOf(index))) throw fail(ERRORS.NOT_COMPANY_EMPLOYEE);
    for (const id of ids) {
      const item = catalogue.byId.get(id);
      if (!rules || !item || !item.slug || !rules.items.includes(item.slug)) {
        throw fail(ERRORS.examNotPaidByCompany(item?.name ?? String(id)));
      }
    }
    const patient = cart[index] as AppointmentCartPatient;
    const own = byDocument.get(documentOf(index));
    byDocument.set(documentOf(index), {
      ...patient,
      items: [...(own?.items ?? []), ...patient.items.filter((id) => ids.has(id))],
      packs: [...(own?.packs ?? []), ...patient.packs.filter((id) => ids.has(id))],
    });
  }
  if (rules?.cap_per_person) {
    for (const person of byDocument.values()) {
      const own = await quoteCartPrice(db, catalogue, {
        country: appointment.country,
        locality: appointment.comuna,
        source: appointment.salesSource,
        patients: [person],
      });
      if (own.base_price - own.fonasa_discount > rules.cap_per_person) {
        throw fail(ERRORS.companyCapExceeded(formatCurrency(rules.cap_per_person, appointment.country)));
      }
    }
  }

  const rest = cart.map((patient, index) => {
    const paid = company.get(index) ?? new Set<number>();
    return {
      ...patient,
      items: patient.items.filter((id) => !paid.has(id)),
      packs: patient.packs.filter((id) => !paid.has(id)),
    };
  });
  const patientCart = rest.filter((patient) => patient.items.length + patient.packs.length > 0);
  const wholeQuote = await quote(cart);
  const patientQuote = patientCart.length > 0 ? await quote(patientCart) : null;
  const companyAmount = Math.max(
    0,
    Math.round((wholeQuote.net_price - (patientQuote?.net_price ?? 0)) * 100) / 100,
  );
  const examsOf = (patients: AppointmentCartPatient[]) =>
    patients.flatMap((patient, index) => {
      const ids = [...patient.items, ...patient.packs];
      return ids.length > 0 ? [{ patient_index: index, item_ids: ids }] : [];
    });
  return {
    patientCart,
    patientQuote,
    companyAmount,
    wholeQuote,
    record: {
      split_payment: true,
      client_exams_to_pay: [...company].map(([index, ids]) => ({ patient_index: index, item_ids: [...ids] })),
      patient_exams_to_pay: examsOf(rest),
      company_amount: companyAmount,
    },
  };
}
