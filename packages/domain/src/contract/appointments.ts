import { z } from 'zod';
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD, RESIDENCE_TYPES } from '../constants.ts';
import { itemIdSchema } from './catalogue.ts';
import { POLYGON_BETA_TESTER_HEADER } from './endpoint.ts';
import {
  amountSchema,
  countryCodeSchema,
  dateTimeSchema,
  isoDateSchema,
  latitudeSchema,
  longitudeSchema,
  queryListSchema,
} from './common.ts';
import { appointmentPatientSchema } from './patients.ts';

/**
 * How later calls on an appointment prove they come from whoever created it (ids are
 * random and the creation answer carries a token). Staff calls use the client's Bearer token.
 */
export const APPOINTMENT_TOKEN_HEADER = 'x-appointment-token';
/**
 * The appointment a call outside its path is made for (a patient look-up, the fund's checks):
 * sent with APPOINTMENT_TOKEN_HEADER, it lets the booking's own session ask about its patients.
 */
export const APPOINTMENT_ID_HEADER = 'x-appointment-id';

/**
 * Every status an appointment can be in: pending → scheduled → confirmed, and cancelled or expired
 * (a hold that lapsed). The product names the first three, the ones the widget continues from.
 */
export const APPOINTMENT_STATUSES = ['pending', 'scheduled', 'confirmed', 'cancelled', 'expired'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The appointment address fields, as created and as GET /v2/appointments/{id}/address/ answers. */
export const appointmentAddressSchema = z.object({
  country: countryCodeSchema,
  region: z.string().trim().min(1).max(100),
  comuna: z.string().trim().min(1).max(100),
  colony: z.string().trim().max(100).nullable(),
  address_line_1: z.string().trim().min(1).max(300),
  target_street_number: z.string().trim().min(1).max(20),
  target_residence_type: z.enum(RESIDENCE_TYPES),
  target_lat: latitudeSchema,
  target_lng: longitudeSchema,
  target_apartment_number: z.string().trim().max(100).nullable(),
  target_address_additional_info: z.string().trim().max(500).nullable(),
  zip_code: z.string().trim().max(20).nullable(),
  target_address: z.string().trim().max(500),
});
export type AppointmentAddress = z.infer<typeof appointmentAddressSchema>;

/** POST /v2/appointments/: the address plus where the booking comes from. */
export const createAppointmentBodySchema = appointmentAddressSchema.extend({
  // Optional on creation (colony is Mexican; the product makes the others optional): absent is null.
  colony: z.string().trim().max(100).nullable().default(null),
  target_apartment_number: z.string().trim().max(100).nullable().default(null),
  target_address_additional_info: z.string().trim().max(500).nullable().default(null),
  zip_code: z.string().trim().max(20).nullable().default(null),
  sales_source: z.string().trim().min(1).max(100),
  last_mile: z
    .object({ folio: z.string().trim().max(100).nullable(), amount: amountSchema.nullable() })
    .nullable()
    .default(null),
  section_origin: z.string().trim().max(100),
  client_origin: z.string().trim().max(100).nullable().default(null),
  client_id: z.string().trim().min(1).max(100),
  fingerprint_required: z.boolean().default(false),
  appointment_id: z.string().trim().max(100).nullish(),
  receiver_id: z.union([z.string(), z.number()]).nullish(),
  referral_code: z.string().trim().max(100).nullish(),
  place_id: z.string().trim().max(300).nullish(),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBodySchema>;
export type CreateAppointmentBodyInput = z.input<typeof createAppointmentBodySchema>;

export const createAppointmentAnswerSchema = z.object({ id: z.string(), token: z.string() });
export type CreateAppointmentAnswer = z.infer<typeof createAppointmentAnswerSchema>;

/** GET /v2/appointments/{id}/: the summary, with the currency the widget reads. */
export const appointmentSummarySchema = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  patients: z.array(appointmentPatientSchema),
  local_begin_date: dateTimeSchema.nullable(),
  local_work_period_max_lateness: dateTimeSchema.nullable(),
  target_address: z.string(),
  target_apartment_number: z.string().nullable(),
  currency: z.enum(['CLP', 'MXN']),
  /** Where the booking came from, as the client's staff recorded it: only in their (Bearer) reads. */
  client_origin: z.string().nullable().optional(),
});
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

// ---- Scheduling ----

/**
 * GET /v2/time-availability/. The sector comes from the appointment's address: the commune, region
 * and include_source_only below are declared so the product's call is accepted, and never read.
 */
export const availabilityQuerySchema = z.object({
  appointment_id: z.string().trim().min(1).max(100),
  country: countryCodeSchema,
  items: queryListSchema,
  /**
   * The address's commune and region and include_source_only=true: the product's call carries
   * them, so they are accepted; this API takes the sector from the appointment's address and
   * reads none of them (the answer is the same with or without).
   */
  locality: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  include_source_only: z.union([z.boolean(), z.stringbool()]).optional(),
  // Left out, the API uses today in the sector's zone; the widget always sends it.
  from_date: isoDateSchema.optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;
export type AvailabilityQueryInput = z.input<typeof availabilityQuerySchema>;

/** The product's header on the availability call: accepted, and not read by this API. */
export const availabilityHeadersSchema = z.looseObject({
  [POLYGON_BETA_TESTER_HEADER]: z.enum(['true', 'false']).optional(),
});

/** One block: its date and time range ('HH:mm'). */
export const availabilityEntrySchema = z.object({
  date: isoDateSchema,
  begin_time: z.string().regex(/^\d{2}:\d{2}$/),
  end_time: z.string().regex(/^\d{2}:\d{2}$/),
});
export type AvailabilityEntry = z.infer<typeof availabilityEntrySchema>;
/** The widget reads data.data: the body is { data: entries }. */
export const availabilityAnswerSchema = z.object({ data: z.array(availabilityEntrySchema) });
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

/** POST /v2/appointments/{id}/schedule/ { begin_date, end_date }, each 'date time'. */
export const scheduleBodySchema = z.object({
  begin_date: dateTimeSchema,
  end_date: dateTimeSchema,
  /** The cart's items, so the held nurse has their skills; left out, the stored cart's. */
  items: queryListSchema.optional(),
});
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;

// ---- Patients and finalisation  ----

/** PATCH /v2/appointments/{id}/patients/: the patients list for the appointment. */
export const updateAppointmentPatientsBodySchema = z.object({
  patients: z.array(appointmentPatientSchema).min(1).max(50),
});
export type UpdateAppointmentPatientsBody = z.infer<typeof updateAppointmentPatientsBodySchema>;

/**
 * POST /v2/appointments/{id}/finalize/: patients, their data, the access token and the sales
 * source; and the coupon applied to the cart (null for none; left out, the stored one stays).
 */
export const finalizeAppointmentBodySchema = z.object({
  patients: z.array(appointmentPatientSchema).min(1).max(50),
  access_token: z.string().nullish(),
  sales_source: z.string().trim().min(1).max(100),
  coupon_code: z.string().trim().max(100).nullish(),
});
export type FinalizeAppointmentBody = z.infer<typeof finalizeAppointmentBodySchema>;

/** POST /v2/appointments/{id}/amount/ { discount, total } (the lm-paid-amount step). */
/** Any number (or null): the domain's amount rules answer with the product's texts, not a schema error. */
export const setAmountBodySchema = z.object({
  discount: z.number().finite().nullish(),
  total: z.number().finite().nullish(),
});
export type SetAmountBody = z.infer<typeof setAmountBodySchema>;

/** PATCH /appointments/{id}/last-mile/. */
export const lastMileBodySchema = z.object({
  folio: z.string().trim().max(100).nullable(),
  amount: amountSchema.nullable(),
});
export type LastMileBody = z.infer<typeof lastMileBodySchema>;

// ---- Manual confirmation and payments ----

/** POST /appointments/{id}/manual_confirm/. */
export const boundedExamsToPaySchema = z
  .array(
    z.object({
      patient_index: z.number().int().nonnegative().max(49),
      item_ids: z.array(itemIdSchema).max(200),
    }),
  )
  .max(50);

/**
 * The product's manual confirmation carries payment_method, payment_gateway, payment_status and
 * force_confirmation, and the widget sends them. This API accepts them and, from anyone but the
 * partner's staff, uses none of them: it never trusts a caller's account of a payment. Only a
 * request with the partner's API token (its staff, who may have collected at the address) has its
 * method, gateway and payment status recorded; anyone else's confirmation records the partner's
 * defaults ('In address', 'Partner') and 'Payment Pending', whatever the body says, since nothing
 * was charged. force_confirmation is accepted and unused: a visit without a block is never
 * confirmed. The exam lists are bounded so a body cannot make the API store an arbitrarily large
 * split.
 */
export const manualConfirmBodySchema = z.object({
  payment_method: z.string().trim().min(1).max(100).default(DEFAULT_PAYMENT_METHOD).meta({
    description: 'Aceptado; solo se registra si lo envía el personal del cliente (su token de API).',
  }),
  payment_gateway: z.string().trim().min(1).max(100).default(DEFAULT_PAYMENT_GATEWAY).meta({
    description: 'Aceptado; solo se registra si lo envía el personal del cliente (su token de API).',
  }),
  payment_status: z.enum(['Payment Successful', 'Payment Pending']).optional().meta({
    description:
      'Aceptado y no usado salvo con el token de API del cliente: sin él la cita queda en Payment Pending.',
  }),
  split_payment: z.boolean().default(false),
  client_exams_to_pay: boundedExamsToPaySchema.default([]),
  patient_exams_to_pay: boundedExamsToPaySchema.default([]),
  referral_code: z.string().trim().max(100).nullish(),
  force_confirmation: z
    .literal(true)
    .default(true)
    .meta({ description: 'Aceptado y no usado: una cita sin bloque horario nunca se confirma.' }),
});
export type ManualConfirmBody = z.infer<typeof manualConfirmBodySchema>;
export type ManualConfirmBodyInput = z.input<typeof manualConfirmBodySchema>;

/** GET /v2/appointments/{id}/ and /address/: the id in the path (checked by the API, not here, so any bad id is a 404). */
export const appointmentParamsSchema = z.object({ id: z.string() });
export type AppointmentParams = z.infer<typeof appointmentParamsSchema>;

/** POST /v2/appointments/{id}/schedule/ answer: the block held and until when (ISO instant). */
export const scheduleAnswerSchema = z.object({
  begin_date: dateTimeSchema,
  end_date: dateTimeSchema,
  expires_at: z.string(),
  status: z.literal('scheduled'),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

// ---- The lifecycle as the API accepts and answers it ----

/** The answer of a manual confirmation. */
export const manualConfirmAnswerSchema = z.object({
  id: z.string(),
  status: z.literal('confirmed'),
  payment_method: z.string(),
  payment_gateway: z.string(),
  payment_status: z.enum(['Payment Successful', 'Payment Pending', 'Company Billed']),
  confirmed_at: z.string(),
});
export type ManualConfirmAnswer = z.infer<typeof manualConfirmAnswerSchema>;

/** The amount step as stored: subtotal, discount (promotion), iva and total, 2 decimals. */
export const appointmentAmountsSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  iva: z.number(),
  total: z.number(),
});
export type AppointmentAmounts = z.infer<typeof appointmentAmountsSchema>;

/** GET /payments/appointments/{id}/payment_summary/: the widget reads data.appointment. */
export const paymentSummaryAnswerSchema = z.object({
  data: z.object({
    appointment: z.object({
      id: z.string(),
      status: z.enum(APPOINTMENT_STATUSES),
      payment_method: z.string().nullable(),
      payment_gateway: z.string().nullable(),
      payment_status: z.string().nullable(),
      amounts: appointmentAmountsSchema.nullable(),
      split_payment: z.record(z.string(), z.unknown()).nullable(),
      currency: z.enum(['CLP', 'MXN']),
      confirmed_at: z.string().nullable(),
      /**
       * The server's quote of the stored cart (its coupon included): the card pays net_price minus
       * payment_at_home. Null while the appointment has no patient with a service.
       */
      net_price: z.number().nullable(),
      payment_at_home: z.number().nullable(),
    }),
  }),
});
export type PaymentSummaryAnswer = z.infer<typeof paymentSummaryAnswerSchema>;

/** PATCH /appointments/{id}/last-mile/ answer: the appointment's status. */
export const lastMileAnswerSchema = z.object({ status: z.enum(APPOINTMENT_STATUSES) });

/** PATCH /appointments/{id}/origin/: the origin the staff chose ('Otro' is its typed text). */
export const appointmentOriginBodySchema = z.object({ client_origin: z.string().trim().min(1).max(100) });
export type AppointmentOriginBody = z.infer<typeof appointmentOriginBodySchema>;
export const appointmentOriginAnswerSchema = z.object({ client_origin: z.string() });
export type AppointmentOriginAnswer = z.infer<typeof appointmentOriginAnswerSchema>;
export type LastMileAnswer = z.infer<typeof lastMileAnswerSchema>;
