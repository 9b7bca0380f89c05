/** The cart as stored on an appointment: its patients with their items and packs, read for confirmation. */
import { FONASA_TIERS } from '@visita/domain/insurance';
import { AppError } from '../../errors.ts';

// ---- The state machine ----

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
