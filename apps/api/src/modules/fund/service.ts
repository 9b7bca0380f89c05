import * as ERRORS from '@visita/domain/contract/api-errors';
import { formatRut, isValidRut } from '@visita/domain/validators/rut';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { type CatalogueReader, salesSourceRules } from '../catalogue/snapshot.ts';
import {
  claimItem,
  hasBookedItem,
  type ItemClaim,
  isFundAffiliate,
  releaseClaimsOfAppointment,
} from './queries.ts';

/** A RUT as stored and compared: '11.111.111-1'; anything that is not a valid RUT is a 400. */
function normaliseRut(value: string): string {
  if (!isValidRut(value)) throw fail(ERRORS.INVALID_RUT);
  return formatRut(value);
}

/**
 * GET /v2/caja-los-andes/rut-status/: whether the RUT is an affiliate of the fund behind the
 * caller's sales source (the appointment's, or the staff client's). A source with no fund has no
 * affiliates.
 */
export async function rutStatus(
  db: Db,
  catalogue: CatalogueReader,
  salesSource: string | null,
  rut: string,
): Promise<{ is_affiliated: boolean }> {
  const documentNumber = normaliseRut(rut);
  const { fund } = salesSourceRules(await catalogue(), salesSource);
  if (!salesSource || !fund) return { is_affiliated: false };
  return { is_affiliated: await isFundAffiliate(db, salesSource, documentNumber) };
}

/** The catalogue id of a slug in a country, or null when the catalogue has no such item. */
async function itemIdBySlug(catalogue: CatalogueReader, slug: string, country: 'cl' | 'mx') {
  const snapshot = await catalogue();
  return snapshot.byCountry[country].find((item) => item.slug === slug)?.id ?? null;
}

/**
 * GET /v2/patients/has_item/: true when a booked appointment of that source has a patient with
 * that RUT holding that item. An item the catalogue does not know nobody can have had.
 */
export async function patientHasItem(
  db: Db,
  catalogue: CatalogueReader,
  query: { item: string; source: string; rut: string },
): Promise<{ patient_has_item: boolean }> {
  const documentNumber = normaliseRut(query.rut);
  // The fund checks are Chilean (a RUT); the item is looked up in Chile's catalogue.
  const itemId = await itemIdBySlug(catalogue, query.item, 'cl');
  if (itemId === null) return { patient_has_item: false };
  return {
    patient_has_item: await hasBookedItem(db, { salesSource: query.source, documentNumber, itemId }),
  };
}

export interface FundPatient {
  document_type: string;
  document_number: string;
  items: readonly number[];
  packs: readonly number[];
}

/**
 * The fund's rules for an appointment's patients (affiliate-fund channel): the first
 * patient, the affiliate, must be affiliated (the others may be family); and no patient may have
 * a once-per-patient item booked on another appointment of the source.
 */
export async function checkFundRules(
  db: Db,
  catalogue: CatalogueReader,
  appointment: { id: string; salesSource: string },
  patients: readonly FundPatient[],
): Promise<void> {
  const { fund } = salesSourceRules(await catalogue(), appointment.salesSource);
  if (!fund) return;
  const [first] = patients;
  if (
    fund.affiliation_check &&
    (!first ||
      first.document_type !== 'ci' ||
      !(await isFundAffiliate(db, appointment.salesSource, normaliseRut(first.document_number))))
  ) {
    throw fail(ERRORS.rutNotAffiliated(fund.name));
  }
  for (const slug of fund.once_per_patient_items) {
    const itemId = await itemIdBySlug(catalogue, slug, 'cl');
    if (itemId === null) continue;
    const holders = patients.filter(
      (patient) => patient.items.includes(itemId) || patient.packs.includes(itemId),
    );
    const seen = new Set<string>();
    for (const patient of holders) {
      // The same person twice on one appointment is twice as well.
      if (seen.has(patient.document_number)) throw fail(ERRORS.ONCE_PER_PATIENT);
      seen.add(patient.document_number);
      const booked = await hasBookedItem(db, {
        salesSource: appointment.salesSource,
        documentNumber: patient.document_number,
        itemId,
        exceptAppointmentId: appointment.id,
      });
      if (booked) throw fail(ERRORS.ONCE_PER_PATIENT);
    }
  }
}

/**
 * The once-per-patient claims these patients make on an appointment of the source. Read before the
 * finalisation's transaction: the catalogue may load from the database, which on PGlite (one
 * connection) would wait for the transaction.
 */
export async function oncePerPatientClaims(
  catalogue: CatalogueReader,
  salesSource: string,
  patients: readonly FundPatient[],
): Promise<ItemClaim[]> {
  const claims: ItemClaim[] = [];
  const { fund } = salesSourceRules(await catalogue(), salesSource);
  for (const slug of fund?.once_per_patient_items ?? []) {
    const itemId = await itemIdBySlug(catalogue, slug, 'cl');
    if (itemId === null) continue;
    for (const patient of patients) {
      if (patient.items.includes(itemId) || patient.packs.includes(itemId))
        claims.push({ identifier: patient.document_number, itemSlug: slug, salesSource });
    }
  }
  return claims;
}

/**
 * Records, inside the finalisation's transaction, that these patients get the source's
 * once-per-patient items on this appointment. checkFundRules answers the common case early; this
 * is what holds when two appointments are finalised at the same instant: the second claim finds
 * the first and the whole finalisation rolls back with the product's message.
 */
export async function claimOncePerPatientItems(
  db: Db,
  appointmentId: string,
  claims: readonly ItemClaim[],
): Promise<void> {
  await releaseClaimsOfAppointment(db, appointmentId);
  for (const claim of claims) {
    if (!(await claimItem(db, claim, appointmentId))) throw fail(ERRORS.ONCE_PER_PATIENT);
  }
}
