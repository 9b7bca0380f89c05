import { FONASA_TIERS } from '../insurance.ts';
import { z } from 'zod';
import { PASSPORT_MAX_LENGTH } from '../constants.ts';
import { itemIdSchema } from './catalogue.ts';
import {
  countryCodeSchema,
  documentTypeSchema,
  genderSchema,
  isoDateSchema,
  pathIdSchema,
} from './common.ts';

/** A patient as the client side keeps and sends it; second_name is optional. */
export const patientRecordSchema = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  first_name: z.string().trim().min(1).max(100),
  second_name: z.string().trim().max(100).nullish(),
  last_name: z.string().trim().min(1).max(100),
  second_last_name: z.string().trim().max(100).nullish(),
  date_of_birth: isoDateSchema,
  gender: genderSchema,
  document_type: documentTypeSchema,
  document_number: z
    .string()
    .trim()
    .min(1)
    .max(PASSPORT_MAX_LENGTH + 20),
  email: z.string().trim().max(254).nullish(),
  phone: z.string().trim().max(20).nullish(),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;

/** A client-patient list entry: id, email, phone, patient. */
export const clientPatientSchema = z.object({
  id: z.union([z.string(), z.number()]),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  patient: patientRecordSchema,
});
export type ClientPatient = z.infer<typeof clientPatientSchema>;

/** GET /alliances/clients/{clientId}/patients/?search= answers { results }. */
export const clientPatientsParamsSchema = z.object({ clientId: pathIdSchema });
export const clientPatientsQuerySchema = z.object({ search: z.string().trim().max(100).default('') });
export type ClientPatientsQuery = z.infer<typeof clientPatientsQuerySchema>;
export const clientPatientsAnswerSchema = z.object({ results: z.array(clientPatientSchema) });
export type ClientPatientsAnswer = z.infer<typeof clientPatientsAnswerSchema>;

/** POST /alliances/clients/{clientId}/patients/ { patient } (services and packs removed): the created entry. */
export const createClientPatientBodySchema = z.object({ patient: patientRecordSchema });
export type CreateClientPatientBody = z.infer<typeof createClientPatientBodySchema>;
export const createClientPatientAnswerSchema = clientPatientSchema;
export type CreateClientPatientAnswer = z.infer<typeof createClientPatientAnswerSchema>;

/** GET /users/find_by_identifier/?identifier=; unknown identifiers answer 404 with error, err and msg. */
export const findByIdentifierQuerySchema = z.object({ identifier: z.string().trim().min(1).max(100) });
export type FindByIdentifierQuery = z.infer<typeof findByIdentifierQuerySchema>;
export const findByIdentifierAnswerSchema = z.object({
  id: z.union([z.string(), z.number()]),
  patient: patientRecordSchema,
});
export type FindByIdentifierAnswer = z.infer<typeof findByIdentifierAnswerSchema>;
/**
 * What a booking session (not the client's staff) learns of an existing patient: that there is
 * one, its id, and its contact data masked ('j***@gmail.com', '+569 **** **12') so the person
 * recognises their own account without anyone reading another's.
 */
export const findByIdentifierMaskedAnswerSchema = z.object({
  id: z.union([z.string(), z.number()]),
  masked: z.literal(true),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type FindByIdentifierMaskedAnswer = z.infer<typeof findByIdentifierMaskedAnswerSchema>;
export const notFoundAnswerSchema = z.object({ error: z.string(), err: z.string(), msg: z.string() });
export type NotFoundAnswer = z.infer<typeof notFoundAnswerSchema>;

/**
 * POST /users/register_wo_password/: the patient fields (no services or packs) plus locale,
 * scopes, is_partial_register=false, disable_email_create_password=true, acquisition_source.
 * The field rules and their slugs are validators/registration.ts: every field is optional here so
 * a missing key gets the validator's 'The following keys cannot be empty: ...' rather than a
 * generic schema error. For mx the document may be empty (the identifier is then generated).
 */
export const registerBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).nullish(),
  first_name: z.string().trim().max(100).nullish(),
  second_name: z.string().trim().max(100).nullish(),
  last_name: z.string().trim().max(100).nullish(),
  second_last_name: z.string().trim().max(100).nullish(),
  date_of_birth: z.string().trim().max(20).nullish(),
  document_type: z.string().trim().max(20).nullish(),
  document_number: z.string().trim().max(50).nullish(),
  gender: z.string().trim().max(20).nullish(),
  country: z.string().trim().max(20).nullish(),
  phone: z.string().trim().max(20).nullish(),
  locale: countryCodeSchema,
  scopes: z.string().max(2000),
  is_partial_register: z.literal(false),
  disable_email_create_password: z.literal(true),
  acquisition_source: z.string().trim().max(100).nullish(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
export const registerAnswerSchema = z.object({ access_token: z.string() });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** GET /v2/caja-los-andes/rut-status/?rut= (affiliate-fund sources, first patient). */
export const rutStatusQuerySchema = z.object({ rut: z.string().trim().min(1).max(12) });
export type RutStatusQuery = z.infer<typeof rutStatusQuerySchema>;
export const rutStatusAnswerSchema = z.object({ is_affiliated: z.boolean() });
export type RutStatusAnswer = z.infer<typeof rutStatusAnswerSchema>;

/** GET /v2/patients/has_item/?item=&source=&rut=. */
export const hasItemQuerySchema = z.object({
  item: z.string().trim().min(1).max(100),
  source: z.string().trim().min(1).max(100),
  rut: z.string().trim().min(1).max(12),
});
export type HasItemQuery = z.infer<typeof hasItemQuerySchema>;
export const hasItemAnswerSchema = z.object({ patient_has_item: z.boolean() });
export type HasItemAnswer = z.infer<typeof hasItemAnswerSchema>;

/** The item checked once per patient for the compensation fund. */
export const INFLUENZA_VACCINE_SLUG = 'vacuna-contra-influenza';

/** A patient as the appointment update and finalisation carry it: the record plus its items. */
export const appointmentPatientSchema = patientRecordSchema.extend({
  items: z.array(itemIdSchema).max(100),
  packs: z.array(itemIdSchema).max(100).default([]),
  is_fonasa: z.boolean().default(false),
  /** The Fonasa tier the person chose; is_fonasa is already the priced insurance (tier A: false). */
  fonasa_tier: z.enum(FONASA_TIERS, { error: 'El tramo de Fonasa debe ser A, B, C o D.' }).nullish(),
});
export type AppointmentPatient = z.infer<typeof appointmentPatientSchema>;
export type AppointmentPatientInput = z.input<typeof appointmentPatientSchema>;

/**
 * A patient of the cart an appointment stores: the whole record once the patients are saved, only
 * the items and packs before that (a prebuilt cart). The database column is read through
 * `parseStoredCart`, once, so the code past it sees typed patients.
 */
export const storedCartPatientSchema = patientRecordSchema.partial().extend({
  items: z.array(itemIdSchema).catch([]),
  packs: z.array(itemIdSchema).catch([]),
  is_fonasa: z.boolean().catch(false),
  fonasa_tier: z.enum(FONASA_TIERS).nullish().catch(null),
});
export type StoredCartPatient = z.infer<typeof storedCartPatientSchema>;

/** The stored cart as read from the database: any entry that is not a patient is left out, never a 500. */
export function parseStoredCart(value: unknown): StoredCartPatient[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const parsed = storedCartPatientSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
