import * as ERRORS from '@visita/domain/contract/api-errors';
/** The cart as stored on an appointment: its patients with their items and packs, read for confirmation. */
import type { ItemId } from '@visita/domain/contract/catalogue';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import type { FonasaTier } from '@visita/domain/insurance';
import { fail } from '../../errors.ts';

/** One patient of the cart as the quote and the payment read it: fonasa and catalogue ids. */
export interface AppointmentCartPatient {
  is_fonasa: boolean;
  fonasa_tier?: FonasaTier;
  items: number[];
  packs: number[];
}

/** Catalogue ids as numbers (a stored '12' is 12); anything else is not an id. */
const catalogueIds = (ids: readonly ItemId[]): number[] =>
  ids.flatMap((id) => {
    const value = typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id;
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? [value] : [];
  });

/** The stored patients as the cart the quote prices. */
export const appointmentCart = (patients: readonly StoredCartPatient[]): AppointmentCartPatient[] =>
  patients.map((patient) => ({
    is_fonasa: patient.is_fonasa,
    ...(patient.fonasa_tier ? { fonasa_tier: patient.fonasa_tier } : {}),
    items: catalogueIds(patient.items),
    packs: catalogueIds(patient.packs),
  }));

/** A stored patient's items and packs, as catalogue ids. */
export const serviceIdsOf = (patient: StoredCartPatient): number[] => [
  ...catalogueIds(patient.items),
  ...catalogueIds(patient.packs),
];

/** 'First Last' of a stored patient; empty before the patients were saved. */
export const patientNameOf = (patient: StoredCartPatient): string =>
  [patient.first_name, patient.last_name].filter(Boolean).join(' ');

/** Whether the stored patients make a visit: at least one patient with at least one item or pack. */
export const hasPatientWithServices = (patients: readonly StoredCartPatient[]): boolean =>
  appointmentCart(patients).some((patient) => patient.items.length + patient.packs.length > 0);

/** A confirmed visit is always someone's visit for something; every confirming path checks it. */
export function assertConfirmable(patients: readonly StoredCartPatient[]): void {
  if (!hasPatientWithServices(patients)) throw fail(ERRORS.APPOINTMENT_WITHOUT_PATIENTS);
}

/** Every unit of stock the cart takes: each item and pack id, once per patient that has it. */
export const stockUnitsOf = (patients: readonly StoredCartPatient[]): number[] =>
  appointmentCart(patients).flatMap((patient) => [...patient.items, ...patient.packs]);
