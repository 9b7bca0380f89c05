/**
 * What each endpoint takes and answers, under the same name as its declaration in endpoints.ts
 * (a test keeps the two tables in step). The API spreads an entry into its route's schema, so
 * Fastify validates the request and checks the answer with it and the OpenAPI document is made
 * from it; the widget's client takes its types from it (see endpoint-types.ts).
 *
 * Beside the declarations and not inside them: the widget imports a declaration for each call it
 * makes, and these zod schemas must not reach its bundle.
 *
 * Keys are Fastify's: params, querystring, headers, body, and response by status. Free text that
 * people type and others read is guarded by safeText (see safe-text.ts).
 */
import {
  consoleNurseBodySchema,
  consoleNurseDayOffParamsSchema,
  consoleNurseDetailSchema,
  consoleNurseImpactAnswerSchema,
  consoleNurseListAnswerSchema,
  consoleNurseListQuerySchema,
} from './console-nurses.ts';
import { z } from 'zod';
import { okAnswerSchema } from './common.ts';
import {
  consoleChangePasswordBodySchema,
  consoleCreatedOperatorSchema,
  consoleCreateOperatorBodySchema,
  consoleCsrfAnswerSchema,
  consoleIdParamsSchema,
  consoleLoginBodySchema,
  consoleMeSchema,
  consoleNextAnswerSchema,
  consoleOperatorListSchema,
  consoleOperatorSchema,
  consolePartnerListSchema,
  consolePasswordResetBodySchema,
  consolePasswordResetConfirmBodySchema,
  consoleSessionListSchema,
  consoleTotpBodySchema,
  consoleTotpEnrolAnswerSchema,
  consoleUpdateOperatorBodySchema,
} from './console.ts';
import {
  consoleAgendaDayAnswerSchema,
  consoleAgendaDayQuerySchema,
  consoleAgendaWeekAnswerSchema,
  consoleAgendaWeekQuerySchema,
  consoleSectorListSchema,
  consoleApplyRouteAnswerSchema,
  consoleApplyRouteBodySchema,
  consoleNurseParamsSchema,
  consoleRouteAnswerSchema,
  consoleRouteQuerySchema,
  consoleSickDaysAnswerSchema,
  consoleSickDaysBodySchema,
  consoleSectorsQuerySchema,
} from './console-agenda.ts';
import {
  consoleDailyReportAnswerSchema,
  consoleDailyReportCsvSchema,
  consoleDailyReportQuerySchema,
} from './console-reports.ts';
import {
  consoleAppointmentDetailSchema,
  consoleAppointmentSearchAnswerSchema,
  consoleCancelAnswerSchema,
  appointmentVersionSchema,
  consoleCancelBodySchema,
  consoleMoveAnswerSchema,
  consoleMoveBodySchema,
  consoleMoveOptionsAnswerSchema,
  consoleMoveOptionsQuerySchema,
  consoleNoteBodySchema,
  consoleOutcomeBodySchema,
  consoleRecordPaymentBodySchema,
  consoleAppointmentSearchQuerySchema,
  consoleHistoryAnswerSchema,
} from './console-appointments.ts';
import {
  consoleMoneyQueueAnswerSchema,
  consoleMoneyQueueQuerySchema,
  consoleReconcileAnswerSchema,
  consoleRefundAnswerSchema,
  consoleSettleCompanyBodySchema,
  consoleWriteOffAnswerSchema,
  consoleWriteOffBodySchema,
} from './console-money.ts';
import {
  apiTokenAnswerSchema,
  auditListSchema,
  auditQuerySchema,
  createPartnerBodySchema,
  partnerAnswerSchema,
  partnerErrorSchema,
  partnerListSchema,
  partnerEmployeesAnswerSchema,
  partnerEmployeesBodySchema,
  partnerParamsSchema,
  partnerWriteQuerySchema,
  patchPartnerBodySchema,
} from './admin-partners.ts';
import {
  appointmentAddressSchema,
  appointmentAmountsSchema,
  appointmentOriginAnswerSchema,
  appointmentOriginBodySchema,
  appointmentParamsSchema,
  appointmentSummarySchema,
  availabilityAnswerSchema,
  availabilityHeadersSchema,
  availabilityQuerySchema,
  createAppointmentAnswerSchema,
  createAppointmentBodySchema,
  finalizeAppointmentBodySchema,
  lastMileAnswerSchema,
  lastMileBodySchema,
  manualConfirmAnswerSchema,
  manualConfirmBodySchema,
  paymentSummaryAnswerSchema,
  scheduleAnswerSchema,
  scheduleBodySchema,
  setAmountBodySchema,
  updateAppointmentPatientsBodySchema,
} from './appointments.ts';
import { cartMakerWithTokenAnswerSchema } from './cart-maker.ts';
import { consolePartnerAuditQuerySchema, consolePartnerListAnswerSchema } from './console-partners.ts';
import {
  consoleCatalogueFieldsSchema,
  consoleCatalogueItemSchema,
  consoleCatalogueListAnswerSchema,
  consoleCatalogueListQuerySchema,
  consoleCatalogueOptionsQuerySchema,
  consoleCatalogueOptionsSchema,
  consoleCatalogueParamsSchema,
  consoleCatalogueSourceStockAnswerSchema,
  consoleCatalogueSourceStockBodySchema,
  consoleCatalogueSourceStockQuerySchema,
  consoleCatalogueStockBodySchema,
  consoleCreateCatalogueItemBodySchema,
} from './console-catalogue.ts';
import {
  consoleCouponDetailSchema,
  consoleCouponFieldsSchema,
  consoleCouponListAnswerSchema,
  consoleCouponListQuerySchema,
  consoleCouponOptionsSchema,
  consoleCouponParamsSchema,
  consoleCouponSchema,
  consoleCreateCouponBodySchema,
  consoleReferralCodeBodySchema,
  consoleReferralCodeParamsSchema,
  consoleReferralCodesAnswerSchema,
  consoleSetReferralCodeAnswerSchema,
} from './console-coupons.ts';
import {
  consoleCoverageLookupAnswerSchema,
  consoleCoverageLookupQuerySchema,
  consoleCoverageOptionsSchema,
  consoleCoveragePlacesAnswerSchema,
  consoleCoveragePlacesQuerySchema,
  consoleCoverageSectorParamsSchema,
  consoleCoverageSectorSchema,
  consoleCoverageSectorsAnswerSchema,
  consoleCoverageSectorsQuerySchema,
  consoleSectorBodySchema,
  consoleSectorRefusalSchema,
} from './console-coverage.ts';
import {
  consoleLeadCartAnswerSchema,
  consoleLeadCartBodySchema,
  consoleLeadDetailSchema,
  consoleLeadFileAnswerSchema,
  consoleLeadFileParamsSchema,
  consoleLeadListAnswerSchema,
  consoleLeadListQuerySchema,
  consoleLeadNoteBodySchema,
  consoleLeadStatusBodySchema,
  consoleLeadSummarySchema,
} from './console-leads.ts';
import {
  consolePriceApplyAnswerSchema,
  consolePriceApplyBodySchema,
  consolePriceDiffSchema,
  consolePriceImportBodySchema,
  consolePriceItemSchema,
  consolePricesAnswerSchema,
  consolePricesCsvQuerySchema,
  consolePricesCsvSchema,
  consolePricesQuerySchema,
  consoleSetPriceBodySchema,
} from './console-prices.ts';
import {
  catalogueQuerySchema,
  itemsAnswerSchema,
  packsAnswerSchema,
  searchAnswerSchema,
  searchQuerySchema,
} from './catalogue.ts';
import { clientConfigQuerySchema, clientConfigSchema } from './client-config.ts';
import { embedHostQuerySchema, embedHostSchema } from './embed.ts';
import { errorReportAnswerSchema, errorReportBodySchema } from './error-reports.ts';
import { apiErrorSchema } from './errors.ts';
import { bookingViewSchema, cancelBookingAnswerSchema, rescheduleAnswerSchema } from './manage-booking.ts';
import { operativeStatusAnswerSchema, operativeStatusParamsSchema } from './operative.ts';
import {
  healthAnswerSchema,
  healthLiveAnswerSchema,
  healthReadyAnswerSchema,
  webhookDeliveriesAnswerSchema,
  webhookDeliveriesQuerySchema,
} from './operations.ts';
import {
  createTicketFormSchema,
  createTicketOkSchema,
  createTicketQuerySchema,
  medicalOrdersAnswerSchema,
  medicalOrdersQuerySchema,
} from './orders.ts';
import {
  clientPatientsAnswerSchema,
  clientPatientsParamsSchema,
  clientPatientsQuerySchema,
  createClientPatientAnswerSchema,
  createClientPatientBodySchema,
  findByIdentifierAnswerSchema,
  findByIdentifierMaskedAnswerSchema,
  findByIdentifierQuerySchema,
  hasItemAnswerSchema,
  hasItemQuerySchema,
  notFoundAnswerSchema,
  registerAnswerSchema,
  registerBodySchema,
  rutStatusAnswerSchema,
  rutStatusQuerySchema,
} from './patients.ts';
import {
  cardPaymentAnswerSchema,
  cardPaymentBodySchema,
  cardPaymentHeadersSchema,
  cashPaymentAnswerSchema,
  cashPaymentBodySchema,
  gatewayNotificationAnswerSchema,
  gatewayNotificationBodySchema,
  gatewayNotificationHeadersSchema,
  gatewayNotificationQuerySchema,
  paymentsConfigAnswerSchema,
  paymentsConfigQuerySchema,
  sandboxCardTokenAnswerSchema,
  sandboxCardTokenBodySchema,
} from './payments.ts';
import {
  autocompleteAnswerSchema,
  autocompleteQuerySchema,
  geocodeAnswerSchema,
  geocodeQuerySchema,
  sectorAnswerSchema,
  sectorQuerySchema,
} from './places.ts';
import {
  cartPriceAnswerSchema,
  cartPriceBodySchema,
  couponValidateAnswerSchema,
  couponValidateQuerySchema,
  referralAnswerSchema,
  referralQuerySchema,
} from './pricing.ts';
import { refineSafeText as safeText } from './safe-text.ts';

/** What one endpoint takes and answers. */
export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /** Multipart bodies: the form's fields are described by body, the files are read as a stream. */
  readonly consumes?: readonly string[];
  readonly response: Readonly<Record<number, z.ZodType>>;
}

/** The `{err, msg}` answer under each status an endpoint refuses with. */
function refusals<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

// The client configuration and the embed
export const sdkConfig = {
  querystring: clientConfigQuerySchema,
  response: { 200: clientConfigSchema, ...refusals(400, 404) },
} as const satisfies EndpointSchemas;
export const embedHost = {
  querystring: embedHostQuerySchema,
  response: { 200: embedHostSchema, ...refusals(400, 404) },
} as const satisfies EndpointSchemas;

// Catalogue and search
export const listItems = {
  querystring: catalogueQuerySchema,
  response: { 200: itemsAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;
export const listPacks = {
  querystring: catalogueQuerySchema,
  response: { 200: packsAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;
export const searchCatalogue = {
  querystring: searchQuerySchema,
  response: { 200: searchAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;

// Prices, coupons and referral codes
export const cartPrice = {
  body: cartPriceBodySchema,
  response: { 200: cartPriceAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;
export const couponValidate = {
  querystring: couponValidateQuerySchema,
  response: { 200: couponValidateAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;
export const referrals = {
  querystring: referralQuerySchema,
  response: { 200: referralAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;

// Operative status, coverage and address search
export const operativeStatus = {
  params: operativeStatusParamsSchema,
  response: { 200: operativeStatusAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;
export const sectorFromCoordinates = {
  querystring: sectorQuerySchema,
  response: { 200: sectorAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;
export const placesAutocomplete = {
  querystring: autocompleteQuerySchema,
  response: { 200: autocompleteAnswerSchema, ...refusals(400, 502) },
} as const satisfies EndpointSchemas;
export const placesGeocode = {
  querystring: geocodeQuerySchema,
  response: { 200: geocodeAnswerSchema, ...refusals(400, 502) },
} as const satisfies EndpointSchemas;

// Appointments: creation, summary, address, shared carts
export const createAppointment = {
  body: safeText(createAppointmentBodySchema),
  response: {
    200: createAppointmentAnswerSchema,
    201: createAppointmentAnswerSchema,
    ...refusals(400, 404, 409, 410),
  },
} as const satisfies EndpointSchemas;
export const getAppointment = {
  params: appointmentParamsSchema,
  response: { 200: appointmentSummarySchema, ...refusals(400, 404, 409, 410) },
} as const satisfies EndpointSchemas;
export const appointmentAddress = {
  params: appointmentParamsSchema,
  response: { 200: appointmentAddressSchema, ...refusals(400, 404, 409, 410) },
} as const satisfies EndpointSchemas;
export const cartMaker = {
  params: z.object({ id: z.string() }),
  response: { 200: cartMakerWithTokenAnswerSchema, ...refusals(404) },
} as const satisfies EndpointSchemas;

// Patients on the appointment, and its finalization
export const appointmentPatients = {
  params: appointmentParamsSchema,
  body: updateAppointmentPatientsBodySchema,
  response: { 200: appointmentSummarySchema, ...refusals(400, 404, 409, 410) },
} as const satisfies EndpointSchemas;
export const finalizeAppointment = {
  params: appointmentParamsSchema,
  body: finalizeAppointmentBodySchema,
  response: { 200: appointmentSummarySchema, ...refusals(400, 404, 409, 410) },
} as const satisfies EndpointSchemas;

// Confirmation and the staff's fields
export const manualConfirm = {
  params: appointmentParamsSchema,
  body: safeText(manualConfirmBodySchema),
  response: { 200: manualConfirmAnswerSchema, ...refusals(400, 403, 404, 409, 429) },
} as const satisfies EndpointSchemas;
export const paymentSummary = {
  params: appointmentParamsSchema,
  response: { 200: paymentSummaryAnswerSchema, ...refusals(400, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const appointmentAmount = {
  params: appointmentParamsSchema,
  body: setAmountBodySchema,
  response: { 200: appointmentAmountsSchema, ...refusals(400, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const lastMile = {
  params: appointmentParamsSchema,
  body: safeText(lastMileBodySchema),
  response: { 200: lastMileAnswerSchema, ...refusals(400, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const appointmentOrigin = {
  params: appointmentParamsSchema,
  body: safeText(appointmentOriginBodySchema),
  response: { 200: appointmentOriginAnswerSchema, ...refusals(400, 403, 404, 409) },
} as const satisfies EndpointSchemas;

// Managing a booking
export const manageBooking = {
  params: appointmentParamsSchema,
  response: { 200: bookingViewSchema, ...refusals(400, 404, 409) },
} as const satisfies EndpointSchemas;
export const cancelAppointment = {
  params: appointmentParamsSchema,
  body: z.object({ version: appointmentVersionSchema }).optional(),
  response: { 200: cancelBookingAnswerSchema, ...refusals(400, 404, 409) },
} as const satisfies EndpointSchemas;
export const rescheduleAppointment = {
  params: appointmentParamsSchema,
  body: safeText(scheduleBodySchema.extend({ version: appointmentVersionSchema })),
  response: { 200: rescheduleAnswerSchema, ...refusals(400, 404, 409) },
} as const satisfies EndpointSchemas;

// Scheduling
export const availability = {
  querystring: safeText(availabilityQuerySchema),
  headers: availabilityHeadersSchema,
  response: { 200: availabilityAnswerSchema, ...refusals(400, 404, 409) },
} as const satisfies EndpointSchemas;
export const holdBlock = {
  params: appointmentParamsSchema,
  body: safeText(scheduleBodySchema),
  response: { 200: scheduleAnswerSchema, ...refusals(400, 404, 409, 429) },
} as const satisfies EndpointSchemas;

// The client's staff: its patients
export const clientPatients = {
  params: clientPatientsParamsSchema,
  querystring: safeText(clientPatientsQuerySchema),
  response: { 200: clientPatientsAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const createClientPatient = {
  params: clientPatientsParamsSchema,
  body: safeText(createClientPatientBodySchema),
  response: { 201: createClientPatientAnswerSchema, ...refusals(400, 401, 403, 409) },
} as const satisfies EndpointSchemas;

// Patient accounts
export const findByIdentifier = {
  querystring: findByIdentifierQuerySchema,
  response: {
    200: z.union([findByIdentifierAnswerSchema, findByIdentifierMaskedAnswerSchema]),
    ...refusals(400, 401),
    404: notFoundAnswerSchema,
  },
} as const satisfies EndpointSchemas;
export const registerWithoutPassword = {
  body: registerBodySchema,
  response: { 201: registerAnswerSchema, ...refusals(400, 401, 409) },
} as const satisfies EndpointSchemas;

// Compensation fund checks
export const rutStatus = {
  querystring: safeText(rutStatusQuerySchema),
  response: { 200: rutStatusAnswerSchema, ...refusals(400, 401) },
} as const satisfies EndpointSchemas;
export const hasItem = {
  querystring: safeText(hasItemQuerySchema),
  response: { 200: hasItemAnswerSchema, ...refusals(400, 401) },
} as const satisfies EndpointSchemas;

// Payments
export const paymentsConfig = {
  querystring: paymentsConfigQuerySchema,
  response: { 200: paymentsConfigAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;
export const cardPayment = {
  params: appointmentParamsSchema,
  headers: cardPaymentHeadersSchema,
  body: cardPaymentBodySchema,
  response: { 200: cardPaymentAnswerSchema, ...refusals(400, 402, 404, 409, 502) },
} as const satisfies EndpointSchemas;
export const gatewayNotification = {
  querystring: gatewayNotificationQuerySchema,
  headers: gatewayNotificationHeadersSchema,
  body: gatewayNotificationBodySchema,
  response: { 200: gatewayNotificationAnswerSchema, ...refusals(400, 401, 404, 503) },
} as const satisfies EndpointSchemas;
export const cashPayment = {
  params: appointmentParamsSchema,
  body: cashPaymentBodySchema,
  response: { 200: cashPaymentAnswerSchema, ...refusals(400, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const sandboxCardTokens = {
  body: sandboxCardTokenBodySchema,
  response: { 201: sandboxCardTokenAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;

// Medical orders
export const createTicket = {
  consumes: ['multipart/form-data'],
  querystring: createTicketQuerySchema,
  body: createTicketFormSchema,
  response: { 200: createTicketOkSchema, ...refusals(400, 413, 429) },
} as const satisfies EndpointSchemas;
export const medicalOrders = {
  querystring: medicalOrdersQuerySchema,
  response: { 200: medicalOrdersAnswerSchema, ...refusals(400, 401) },
} as const satisfies EndpointSchemas;

// The widget's error reports
export const errorReports = {
  body: errorReportBodySchema,
  response: { 202: errorReportAnswerSchema, ...refusals(400) },
} as const satisfies EndpointSchemas;

// The operator's API
export const adminListPartners = {
  response: { 200: partnerListSchema, ...refusals(401, 403, 404) },
} as const satisfies EndpointSchemas;
export const adminGetPartner = {
  params: partnerParamsSchema,
  response: { 200: partnerAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const adminCreatePartner = {
  querystring: partnerWriteQuerySchema,
  body: createPartnerBodySchema,
  response: { 201: partnerAnswerSchema, 400: partnerErrorSchema, ...refusals(401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const adminUpdatePartner = {
  params: partnerParamsSchema,
  querystring: partnerWriteQuerySchema,
  body: patchPartnerBodySchema,
  response: { 200: partnerAnswerSchema, 400: partnerErrorSchema, ...refusals(401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const adminIssuePartnerToken = {
  params: partnerParamsSchema,
  response: { 201: apiTokenAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const adminRevokePartnerToken = {
  params: partnerParamsSchema,
  response: { 204: z.null(), ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const adminGetPartnerEmployees = {
  params: partnerParamsSchema,
  response: { 200: partnerEmployeesAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const adminReplacePartnerEmployees = {
  params: partnerParamsSchema,
  body: partnerEmployeesBodySchema,
  response: { 200: partnerEmployeesAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const adminAudit = {
  querystring: auditQuerySchema,
  response: { 200: auditListSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const adminWebhookDeliveries = {
  querystring: webhookDeliveriesQuerySchema,
  response: { 200: webhookDeliveriesAnswerSchema, ...refusals(401, 403, 404) },
} as const satisfies EndpointSchemas;

// Health
export const health = {
  response: { 200: healthAnswerSchema, ...refusals(503) },
} as const satisfies EndpointSchemas;
export const healthLive = {
  response: { 200: healthLiveAnswerSchema },
} as const satisfies EndpointSchemas;
export const healthReady = {
  response: { 200: healthReadyAnswerSchema, 503: healthReadyAnswerSchema },
} as const satisfies EndpointSchemas;

// The operations console. Every route may answer 401 (no session) and 403 (a step of the sign-in
// pending, no CSRF token, or a role without the permission).
const noContent = { 204: z.null() };
export const consoleCsrf = {
  response: { 200: consoleCsrfAnswerSchema },
} as const satisfies EndpointSchemas;
export const consoleLogin = {
  body: consoleLoginBodySchema,
  response: { 200: consoleNextAnswerSchema, ...refusals(400, 401, 403, 429) },
} as const satisfies EndpointSchemas;
export const consoleTotp = {
  body: consoleTotpBodySchema,
  response: { 200: consoleNextAnswerSchema, ...refusals(400, 401, 403, 429) },
} as const satisfies EndpointSchemas;
export const consoleLogout = {
  response: { ...noContent, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consolePasswordReset = {
  body: consolePasswordResetBodySchema,
  response: { 202: okAnswerSchema, ...refusals(400, 403, 429) },
} as const satisfies EndpointSchemas;
export const consolePasswordResetConfirm = {
  body: consolePasswordResetConfirmBodySchema,
  response: { ...noContent, ...refusals(400, 403, 410, 429) },
} as const satisfies EndpointSchemas;
export const consoleMe = {
  response: { 200: consoleMeSchema, ...refusals(401) },
} as const satisfies EndpointSchemas;
export const consoleChangePassword = {
  body: consoleChangePasswordBodySchema,
  response: { 200: consoleNextAnswerSchema, ...refusals(400, 401, 403, 429) },
} as const satisfies EndpointSchemas;
export const consoleTotpEnrol = {
  response: { 200: consoleTotpEnrolAnswerSchema, ...refusals(401, 403, 409) },
} as const satisfies EndpointSchemas;
export const consoleTotpConfirm = {
  body: consoleTotpBodySchema,
  response: { 200: consoleNextAnswerSchema, ...refusals(400, 401, 403, 409, 429) },
} as const satisfies EndpointSchemas;
export const consoleSessions = {
  response: { 200: consoleSessionListSchema, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consoleEndSession = {
  params: consoleIdParamsSchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleOperators = {
  response: { 200: consoleOperatorListSchema, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consoleCreateOperator = {
  body: consoleCreateOperatorBodySchema,
  response: { 201: consoleCreatedOperatorSchema, ...refusals(400, 401, 403, 409) },
} as const satisfies EndpointSchemas;
export const consoleUpdateOperator = {
  params: consoleIdParamsSchema,
  body: consoleUpdateOperatorBodySchema,
  response: { 200: consoleOperatorSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleUnlockOperator = {
  params: consoleIdParamsSchema,
  response: { 200: consoleOperatorSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleResetOperatorTotp = {
  params: consoleIdParamsSchema,
  response: { 200: consoleOperatorSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleEndOperatorSessions = {
  params: consoleIdParamsSchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consolePartners = {
  response: { 200: consolePartnerListSchema, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consoleSectors = {
  querystring: consoleSectorsQuerySchema,
  response: { 200: consoleSectorListSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleSearchAppointments = {
  querystring: consoleAppointmentSearchQuerySchema,
  response: { 200: consoleAppointmentSearchAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleAppointment = {
  params: consoleIdParamsSchema,
  response: { 200: consoleAppointmentDetailSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleAppointmentHistory = {
  params: consoleIdParamsSchema,
  response: { 200: consoleHistoryAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
// The CSV's 200 is the text itself (text/csv); its refusals are JSON as every other route's.
export const consoleDailyReport = {
  querystring: consoleDailyReportQuerySchema,
  response: { 200: consoleDailyReportAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleDailyReportCsv = {
  querystring: consoleDailyReportQuerySchema,
  response: { 200: consoleDailyReportCsvSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleAgendaDay = {
  querystring: consoleAgendaDayQuerySchema,
  response: { 200: consoleAgendaDayAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleAgendaWeek = {
  querystring: consoleAgendaWeekQuerySchema,
  response: { 200: consoleAgendaWeekAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleMoveOptions = {
  params: consoleIdParamsSchema,
  querystring: consoleMoveOptionsQuerySchema,
  response: { 200: consoleMoveOptionsAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleMoveAppointment = {
  params: consoleIdParamsSchema,
  body: consoleMoveBodySchema,
  response: { 200: consoleMoveAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleCancelAppointment = {
  params: consoleIdParamsSchema,
  body: consoleCancelBodySchema,
  response: { 200: consoleCancelAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleAddNote = {
  params: consoleIdParamsSchema,
  body: consoleNoteBodySchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleRecordPayment = {
  params: consoleIdParamsSchema,
  body: consoleRecordPaymentBodySchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleSetOutcome = {
  params: consoleIdParamsSchema,
  body: consoleOutcomeBodySchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleResendConfirmation = {
  params: consoleIdParamsSchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleSickDaysProposal = {
  params: consoleNurseParamsSchema,
  body: consoleSickDaysBodySchema,
  response: { 200: consoleSickDaysAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleApplySickDays = {
  params: consoleNurseParamsSchema,
  body: consoleSickDaysBodySchema,
  response: { 200: consoleSickDaysAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleRoute = {
  querystring: consoleRouteQuerySchema,
  response: { 200: consoleRouteAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleApplyRoute = {
  body: consoleApplyRouteBodySchema,
  response: { 200: consoleApplyRouteAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleMoneyQueue = {
  querystring: consoleMoneyQueueQuerySchema,
  response: { 200: consoleMoneyQueueAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleReconcilePayment = {
  params: consoleIdParamsSchema,
  response: { 200: consoleReconcileAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleRetryRefund = {
  params: consoleIdParamsSchema,
  response: { 200: consoleRefundAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleSettleCompanyPayment = {
  params: consoleIdParamsSchema,
  body: consoleSettleCompanyBodySchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleWriteOff = {
  params: consoleIdParamsSchema,
  body: consoleWriteOffBodySchema,
  response: { 200: consoleWriteOffAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
// The console's coupons and referral codes (coupons.manage).
export const consoleCoupons = {
  querystring: consoleCouponListQuerySchema,
  response: { 200: consoleCouponListAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleCouponOptions = {
  response: { 200: consoleCouponOptionsSchema, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consoleCoupon = {
  params: consoleCouponParamsSchema,
  response: { 200: consoleCouponDetailSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleCreateCoupon = {
  body: consoleCreateCouponBodySchema,
  response: { 201: consoleCouponSchema, ...refusals(400, 401, 403, 409) },
} as const satisfies EndpointSchemas;
export const consoleUpdateCoupon = {
  params: consoleCouponParamsSchema,
  body: consoleCouponFieldsSchema,
  response: { 200: consoleCouponSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleReferralCodes = {
  response: { 200: consoleReferralCodesAnswerSchema, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consoleSetReferralCode = {
  params: consoleReferralCodeParamsSchema,
  body: consoleReferralCodeBodySchema,
  response: { 200: consoleSetReferralCodeAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
// The console's partners (partners.manage): the operator API's bodies, answers and refusals.
export const consolePartnerDocuments = {
  response: { 200: consolePartnerListAnswerSchema, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consolePartnerDocument = {
  params: partnerParamsSchema,
  response: { 200: partnerAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleCreatePartner = {
  querystring: partnerWriteQuerySchema,
  body: createPartnerBodySchema,
  response: { 201: partnerAnswerSchema, 400: partnerErrorSchema, ...refusals(401, 403, 409) },
} as const satisfies EndpointSchemas;
export const consoleUpdatePartner = {
  params: partnerParamsSchema,
  querystring: partnerWriteQuerySchema,
  body: patchPartnerBodySchema,
  response: { 200: partnerAnswerSchema, 400: partnerErrorSchema, ...refusals(401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleRotatePartnerToken = {
  params: partnerParamsSchema,
  response: { 201: apiTokenAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleRevokePartnerToken = {
  params: partnerParamsSchema,
  response: { 204: z.null(), ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consolePartnerAudit = {
  params: partnerParamsSchema,
  querystring: consolePartnerAuditQuerySchema,
  response: { 200: auditListSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
// The console's nurses.
export const consoleNurses = {
  querystring: consoleNurseListQuerySchema,
  response: { 200: consoleNurseListAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleNurse = {
  params: consoleNurseParamsSchema,
  response: { 200: consoleNurseDetailSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleCreateNurse = {
  body: consoleNurseBodySchema,
  response: { 200: consoleNurseDetailSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleUpdateNurse = {
  params: consoleNurseParamsSchema,
  body: consoleNurseBodySchema,
  response: { 200: consoleNurseDetailSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleNurseImpact = {
  params: consoleNurseParamsSchema,
  body: consoleNurseBodySchema,
  response: { 200: consoleNurseImpactAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleDeleteNurseDayOff = {
  params: consoleNurseDayOffParamsSchema,
  response: { 200: consoleNurseDetailSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
// The console's medical orders (leads); a file's 200 is its bytes, with their stored type.
export const consoleLeads = {
  querystring: consoleLeadListQuerySchema,
  response: { 200: consoleLeadListAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleLead = {
  params: consoleIdParamsSchema,
  response: { 200: consoleLeadDetailSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleLeadFile = {
  params: consoleLeadFileParamsSchema,
  response: { 200: consoleLeadFileAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleLeadStatus = {
  params: consoleIdParamsSchema,
  body: consoleLeadStatusBodySchema,
  response: { 200: consoleLeadSummarySchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleLeadNote = {
  params: consoleIdParamsSchema,
  body: consoleLeadNoteBodySchema,
  response: { ...noContent, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleLeadCart = {
  params: consoleIdParamsSchema,
  body: consoleLeadCartBodySchema,
  response: { 200: consoleLeadCartAnswerSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
// The console's prices; the CSV's 200 is the text itself (text/csv).
export const consolePrices = {
  querystring: consolePricesQuerySchema,
  response: { 200: consolePricesAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleSetPrice = {
  body: consoleSetPriceBodySchema,
  response: { 200: consolePriceItemSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consolePricesCsv = {
  querystring: consolePricesCsvQuerySchema,
  response: { 200: consolePricesCsvSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consolePriceImport = {
  body: consolePriceImportBodySchema,
  response: { 200: consolePriceDiffSchema, ...refusals(400, 401, 403, 413) },
} as const satisfies EndpointSchemas;
export const consolePriceImportApply = {
  body: consolePriceApplyBodySchema,
  response: { 200: consolePriceApplyAnswerSchema, ...refusals(400, 401, 403, 409, 413) },
} as const satisfies EndpointSchemas;
// The console's coverage (coverage.manage).
export const consoleCoverageSectors = {
  querystring: consoleCoverageSectorsQuerySchema,
  response: { 200: consoleCoverageSectorsAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleCoverageSector = {
  params: consoleCoverageSectorParamsSchema,
  response: { 200: consoleCoverageSectorSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleCreateSector = {
  body: consoleSectorBodySchema,
  response: { 201: consoleCoverageSectorSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleUpdateSector = {
  params: consoleCoverageSectorParamsSchema,
  body: consoleSectorBodySchema,
  response: {
    200: consoleCoverageSectorSchema,
    ...refusals(400, 401, 403, 404),
    409: consoleSectorRefusalSchema,
  },
} as const satisfies EndpointSchemas;
export const consoleCoverageOptions = {
  response: { 200: consoleCoverageOptionsSchema, ...refusals(401, 403) },
} as const satisfies EndpointSchemas;
export const consoleCoverageLookup = {
  querystring: consoleCoverageLookupQuerySchema,
  response: { 200: consoleCoverageLookupAnswerSchema, ...refusals(400, 401, 403, 502) },
} as const satisfies EndpointSchemas;
export const consoleCoveragePlaces = {
  querystring: consoleCoveragePlacesQuerySchema,
  response: { 200: consoleCoveragePlacesAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
// The console's catalogue (catalogue.manage).
export const consoleCatalogue = {
  querystring: consoleCatalogueListQuerySchema,
  response: { 200: consoleCatalogueListAnswerSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleCatalogueOptions = {
  querystring: consoleCatalogueOptionsQuerySchema,
  response: { 200: consoleCatalogueOptionsSchema, ...refusals(400, 401, 403) },
} as const satisfies EndpointSchemas;
export const consoleCatalogueItem = {
  params: consoleCatalogueParamsSchema,
  response: { 200: consoleCatalogueItemSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleCreateCatalogueItem = {
  body: consoleCreateCatalogueItemBodySchema,
  response: { 201: consoleCatalogueItemSchema, ...refusals(400, 401, 403, 409) },
} as const satisfies EndpointSchemas;
export const consoleUpdateCatalogueItem = {
  params: consoleCatalogueParamsSchema,
  body: consoleCatalogueFieldsSchema,
  response: { 200: consoleCatalogueItemSchema, ...refusals(400, 401, 403, 404, 409) },
} as const satisfies EndpointSchemas;
export const consoleSetCatalogueStock = {
  params: consoleCatalogueParamsSchema,
  body: consoleCatalogueStockBodySchema,
  response: { 200: consoleCatalogueItemSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleCatalogueSourceStock = {
  params: consoleCatalogueParamsSchema,
  response: { 200: consoleCatalogueSourceStockAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleSetCatalogueSourceStock = {
  params: consoleCatalogueParamsSchema,
  body: consoleCatalogueSourceStockBodySchema,
  response: { 200: consoleCatalogueSourceStockAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
export const consoleRemoveCatalogueSourceStock = {
  params: consoleCatalogueParamsSchema,
  querystring: consoleCatalogueSourceStockQuerySchema,
  response: { 200: consoleCatalogueSourceStockAnswerSchema, ...refusals(400, 401, 403, 404) },
} as const satisfies EndpointSchemas;
