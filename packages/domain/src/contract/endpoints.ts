/**
 * Every endpoint of the API, declared once: its method and its path under /api, with ':name'
 * parameters as Fastify writes them. The API registers each route from here (a test fails for a
 * route served but not declared, declared but not served, or served with another method), the
 * widget calls each one by its declaration, and the OpenAPI document is made from the registered
 * routes. The request and answer schemas live beside, in the contract's zod modules.
 *
 * One export per endpoint and nothing else: read the whole table as
 * `import * as ENDPOINTS from '@visita/domain/contract/endpoints'`. The widget imports it the same
 * way and only the endpoints it calls reach its bundle (each first screen carries just its own).
 */
import type { Endpoint } from './endpoint.ts';

// The client configuration
// Its own module: the widget's first screen imports that one alone, not this table.
export { sdkConfig } from './endpoints-startup.ts';

// Catalogue and search
export const listItems = { method: 'GET', path: '/v2/items/' } as const satisfies Endpoint;
export const listPacks = { method: 'GET', path: '/v2/packs/' } as const satisfies Endpoint;
export const searchCatalogue = { method: 'GET', path: '/v2/search/client/' } as const satisfies Endpoint;

// Prices
export const cartPrice = { method: 'POST', path: '/v2/cart-price/' } as const satisfies Endpoint;

// Coupons and referral codes
export const couponValidate = { method: 'GET', path: '/v2/coupons/validate/' } as const satisfies Endpoint;
export const referrals = { method: 'GET', path: '/referrals/alliance/' } as const satisfies Endpoint;

// Operative status
export const operativeStatus = {
  method: 'GET',
  path: '/v2/operative/:salesSource/status/',
} as const satisfies Endpoint;

// Coverage
export const sectorFromCoordinates = {
  method: 'GET',
  path: '/v2/sector/sector-from-coordinates/',
} as const satisfies Endpoint;

// Address search (the maps key stays on the server)
export const placesAutocomplete = {
  method: 'GET',
  path: '/v2/places/autocomplete/',
} as const satisfies Endpoint;
export const placesGeocode = { method: 'GET', path: '/v2/places/geocode/' } as const satisfies Endpoint;

// Appointments: creation, patients, confirmation, staff fields, managing a booking
export const appointmentPatients = {
  method: 'PATCH',
  path: '/v2/appointments/:id/patients/',
} as const satisfies Endpoint;
export const finalizeAppointment = {
  method: 'POST',
  path: '/v2/appointments/:id/finalize/',
} as const satisfies Endpoint;
export const manualConfirm = {
  method: 'POST',
  path: '/appointments/:id/manual_confirm/',
} as const satisfies Endpoint;
export const paymentSummary = {
  method: 'GET',
  path: '/payments/appointments/:id/payment_summary/',
} as const satisfies Endpoint;
export const appointmentAmount = {
  method: 'POST',
  path: '/v2/appointments/:id/amount/',
} as const satisfies Endpoint;
export const lastMile = { method: 'PATCH', path: '/appointments/:id/last-mile/' } as const satisfies Endpoint;
export const appointmentOrigin = {
  method: 'PATCH',
  path: '/appointments/:id/origin/',
} as const satisfies Endpoint;
export const manageBooking = {
  method: 'GET',
  path: '/v2/appointments/:id/booking/',
} as const satisfies Endpoint;
export const cancelAppointment = {
  method: 'POST',
  path: '/v2/appointments/:id/cancel/',
} as const satisfies Endpoint;
export const rescheduleAppointment = {
  method: 'POST',
  path: '/v2/appointments/:id/reschedule/',
} as const satisfies Endpoint;
export const createAppointment = { method: 'POST', path: '/v2/appointments/' } as const satisfies Endpoint;
export const getAppointment = { method: 'GET', path: '/v2/appointments/:id/' } as const satisfies Endpoint;
export const appointmentAddress = {
  method: 'GET',
  path: '/v2/appointments/:id/address/',
} as const satisfies Endpoint;
export const cartMaker = { method: 'GET', path: '/v2/cart-maker/:id/' } as const satisfies Endpoint;

// Availability and holds
export const availability = { method: 'GET', path: '/v2/time-availability/' } as const satisfies Endpoint;
export const holdBlock = {
  method: 'POST',
  path: '/v2/appointments/:id/schedule/',
} as const satisfies Endpoint;

// A staff client's patients
export const clientPatients = {
  method: 'GET',
  path: '/alliances/clients/:clientId/patients/',
} as const satisfies Endpoint;
export const createClientPatient = {
  method: 'POST',
  path: '/alliances/clients/:clientId/patients/',
} as const satisfies Endpoint;

// Patient accounts
export const findByIdentifier = {
  method: 'GET',
  path: '/users/find_by_identifier/',
} as const satisfies Endpoint;
export const registerWithoutPassword = {
  method: 'POST',
  path: '/users/register_wo_password/',
} as const satisfies Endpoint;

// The benefits fund's checks
export const rutStatus = {
  method: 'GET',
  path: '/v2/caja-los-andes/rut-status/',
} as const satisfies Endpoint;
export const hasItem = { method: 'GET', path: '/v2/patients/has_item/' } as const satisfies Endpoint;

// Payments
export const paymentsConfig = { method: 'GET', path: '/v2/payments/config/' } as const satisfies Endpoint;
export const cardPayment = { method: 'POST', path: '/v2/mercado-pago/:id/card/' } as const satisfies Endpoint;
export const gatewayNotification = {
  method: 'POST',
  path: '/v2/mercado-pago/notifications/',
} as const satisfies Endpoint;
export const cashPayment = {
  method: 'POST',
  path: '/payments/appointments/:id/cash_payment/',
} as const satisfies Endpoint;
export const sandboxCardTokens = {
  method: 'POST',
  path: '/v2/sandbox/card-tokens/',
} as const satisfies Endpoint;

// Medical orders
export const createTicket = {
  method: 'POST',
  path: '/orden-medica/create-ticket/',
} as const satisfies Endpoint;
export const medicalOrders = { method: 'GET', path: '/orden-medica/' } as const satisfies Endpoint;

// Embedding
export const embedHost = { method: 'GET', path: '/embed/host/' } as const satisfies Endpoint;

// The widget's failure reports
export const errorReports = { method: 'POST', path: '/v2/errors/' } as const satisfies Endpoint;

// The operator's API
export const adminListPartners = { method: 'GET', path: '/admin/partners' } as const satisfies Endpoint;
export const adminGetPartner = { method: 'GET', path: '/admin/partners/:id' } as const satisfies Endpoint;
export const adminCreatePartner = { method: 'POST', path: '/admin/partners' } as const satisfies Endpoint;
export const adminUpdatePartner = {
  method: 'PATCH',
  path: '/admin/partners/:id',
} as const satisfies Endpoint;
export const adminIssuePartnerToken = {
  method: 'POST',
  path: '/admin/partners/:id/api-token',
} as const satisfies Endpoint;
export const adminRevokePartnerToken = {
  method: 'DELETE',
  path: '/admin/partners/:id/api-token',
} as const satisfies Endpoint;
export const adminGetPartnerEmployees = {
  method: 'GET',
  path: '/admin/partners/:id/employees',
} as const satisfies Endpoint;
export const adminReplacePartnerEmployees = {
  method: 'PUT',
  path: '/admin/partners/:id/employees',
} as const satisfies Endpoint;
export const adminAudit = { method: 'GET', path: '/admin/audit' } as const satisfies Endpoint;
export const adminWebhookDeliveries = {
  method: 'GET',
  path: '/admin/webhooks/deliveries',
} as const satisfies Endpoint;

// Health
export const health = { method: 'GET', path: '/health' } as const satisfies Endpoint;
export const healthLive = { method: 'GET', path: '/health/live' } as const satisfies Endpoint;
export const healthReady = { method: 'GET', path: '/health/ready' } as const satisfies Endpoint;

// The operations console (apps/console): sessions by cookie, CSRF on writes, roles per route
export const consoleCsrf = { method: 'GET', path: '/console/auth/csrf' } as const satisfies Endpoint;
export const consoleLogin = { method: 'POST', path: '/console/auth/login' } as const satisfies Endpoint;
export const consoleTotp = { method: 'POST', path: '/console/auth/totp' } as const satisfies Endpoint;
export const consoleLogout = { method: 'POST', path: '/console/auth/logout' } as const satisfies Endpoint;
export const consolePasswordReset = {
  method: 'POST',
  path: '/console/auth/password-reset',
} as const satisfies Endpoint;
export const consolePasswordResetConfirm = {
  method: 'POST',
  path: '/console/auth/password-reset/confirm',
} as const satisfies Endpoint;
export const consoleMe = { method: 'GET', path: '/console/me' } as const satisfies Endpoint;
export const consoleChangePassword = {
  method: 'POST',
  path: '/console/me/password',
} as const satisfies Endpoint;
export const consoleTotpEnrol = { method: 'POST', path: '/console/me/totp' } as const satisfies Endpoint;
export const consoleTotpConfirm = {
  method: 'POST',
  path: '/console/me/totp/confirm',
} as const satisfies Endpoint;
export const consoleSessions = { method: 'GET', path: '/console/me/sessions' } as const satisfies Endpoint;
export const consoleEndSession = {
  method: 'DELETE',
  path: '/console/me/sessions/:id',
} as const satisfies Endpoint;
export const consoleOperators = { method: 'GET', path: '/console/operators' } as const satisfies Endpoint;
export const consoleCreateOperator = {
  method: 'POST',
  path: '/console/operators',
} as const satisfies Endpoint;
export const consoleUpdateOperator = {
  method: 'PATCH',
  path: '/console/operators/:id',
} as const satisfies Endpoint;
export const consoleUnlockOperator = {
  method: 'POST',
  path: '/console/operators/:id/unlock',
} as const satisfies Endpoint;
export const consoleResetOperatorTotp = {
  method: 'POST',
  path: '/console/operators/:id/reset-totp',
} as const satisfies Endpoint;
export const consoleEndOperatorSessions = {
  method: 'POST',
  path: '/console/operators/:id/end-sessions',
} as const satisfies Endpoint;
export const consolePartners = { method: 'GET', path: '/console/partners' } as const satisfies Endpoint;
export const consoleSectors = { method: 'GET', path: '/console/sectors' } as const satisfies Endpoint;
export const consoleSearchAppointments = {
  method: 'GET',
  path: '/console/appointments',
} as const satisfies Endpoint;
export const consoleAppointment = {
  method: 'GET',
  path: '/console/appointments/:id',
} as const satisfies Endpoint;
export const consoleAppointmentHistory = {
  method: 'GET',
  path: '/console/appointments/:id/history',
} as const satisfies Endpoint;
export const consoleDailyReport = {
  method: 'GET',
  path: '/console/reports/daily',
} as const satisfies Endpoint;
export const consoleDailyReportCsv = {
  method: 'GET',
  path: '/console/reports/daily.csv',
} as const satisfies Endpoint;
export const consoleAgendaDay = { method: 'GET', path: '/console/agenda/day' } as const satisfies Endpoint;
export const consoleMoveOptions = {
  method: 'GET',
  path: '/console/appointments/:id/move-options',
} as const satisfies Endpoint;
export const consoleMoveAppointment = {
  method: 'POST',
  path: '/console/appointments/:id/move',
} as const satisfies Endpoint;
export const consoleCancelAppointment = {
  method: 'POST',
  path: '/console/appointments/:id/cancel',
} as const satisfies Endpoint;
export const consoleAddNote = {
  method: 'POST',
  path: '/console/appointments/:id/notes',
} as const satisfies Endpoint;
export const consoleRecordPayment = {
  method: 'POST',
  path: '/console/appointments/:id/payments',
} as const satisfies Endpoint;
export const consoleSetOutcome = {
  method: 'POST',
  path: '/console/appointments/:id/outcome',
} as const satisfies Endpoint;
export const consoleResendConfirmation = {
  method: 'POST',
  path: '/console/appointments/:id/resend-confirmation',
} as const satisfies Endpoint;
export const consoleSickDaysProposal = {
  method: 'POST',
  path: '/console/nurses/:id/sick-days/proposal',
} as const satisfies Endpoint;
export const consoleApplySickDays = {
  method: 'POST',
  path: '/console/nurses/:id/sick-days',
} as const satisfies Endpoint;
export const consoleNurses = { method: 'GET', path: '/console/nurses' } as const satisfies Endpoint;
export const consoleNurse = { method: 'GET', path: '/console/nurses/:id' } as const satisfies Endpoint;
export const consoleCreateNurse = { method: 'POST', path: '/console/nurses' } as const satisfies Endpoint;
export const consoleUpdateNurse = { method: 'PUT', path: '/console/nurses/:id' } as const satisfies Endpoint;
export const consoleNurseImpact = {
  method: 'POST',
  path: '/console/nurses/:id/impact',
} as const satisfies Endpoint;
export const consoleDeleteNurseDayOff = {
  method: 'DELETE',
  path: '/console/nurses/:id/days-off/:day',
} as const satisfies Endpoint;
export const consoleRoute = { method: 'GET', path: '/console/agenda/route' } as const satisfies Endpoint;
export const consoleApplyRoute = {
  method: 'POST',
  path: '/console/agenda/route',
} as const satisfies Endpoint;
export const consoleMoneyQueue = { method: 'GET', path: '/console/money/queue' } as const satisfies Endpoint;
export const consoleReconcilePayment = {
  method: 'POST',
  path: '/console/payments/:id/reconcile',
} as const satisfies Endpoint;
export const consoleRetryRefund = {
  method: 'POST',
  path: '/console/payments/:id/refund',
} as const satisfies Endpoint;
export const consoleSettleCompanyPayment = {
  method: 'POST',
  path: '/console/payments/:id/settle',
} as const satisfies Endpoint;
export const consoleWriteOff = {
  method: 'POST',
  path: '/console/appointments/:id/write-off',
} as const satisfies Endpoint;
export const consoleAgendaWeek = { method: 'GET', path: '/console/agenda/week' } as const satisfies Endpoint;
// The console's coupons and referral codes
export const consoleCoupons = { method: 'GET', path: '/console/coupons' } as const satisfies Endpoint;
export const consoleCouponOptions = {
  method: 'GET',
  path: '/console/coupons/options',
} as const satisfies Endpoint;
export const consoleCoupon = { method: 'GET', path: '/console/coupons/:code' } as const satisfies Endpoint;
export const consoleCreateCoupon = { method: 'POST', path: '/console/coupons' } as const satisfies Endpoint;
export const consoleUpdateCoupon = {
  method: 'PUT',
  path: '/console/coupons/:code',
} as const satisfies Endpoint;
export const consoleReferralCodes = {
  method: 'GET',
  path: '/console/referral-codes',
} as const satisfies Endpoint;
export const consoleSetReferralCode = {
  method: 'PUT',
  path: '/console/referral-codes/:source',
} as const satisfies Endpoint;
// The console's partners (partners.manage): the operator API's partner document
export const consolePartnerDocuments = {
  method: 'GET',
  path: '/console/partner-documents',
} as const satisfies Endpoint;
export const consolePartnerDocument = {
  method: 'GET',
  path: '/console/partner-documents/:id',
} as const satisfies Endpoint;
export const consoleCreatePartner = {
  method: 'POST',
  path: '/console/partner-documents',
} as const satisfies Endpoint;
export const consoleUpdatePartner = {
  method: 'PATCH',
  path: '/console/partner-documents/:id',
} as const satisfies Endpoint;
export const consoleRotatePartnerToken = {
  method: 'POST',
  path: '/console/partner-documents/:id/api-token',
} as const satisfies Endpoint;
export const consoleRevokePartnerToken = {
  method: 'DELETE',
  path: '/console/partner-documents/:id/api-token',
} as const satisfies Endpoint;
export const consolePartnerAudit = {
  method: 'GET',
  path: '/console/partner-documents/:id/audit',
} as const satisfies Endpoint;
// The console's medical orders (leads)
export const consoleLeads = { method: 'GET', path: '/console/leads' } as const satisfies Endpoint;
export const consoleLead = { method: 'GET', path: '/console/leads/:id' } as const satisfies Endpoint;
export const consoleLeadFile = {
  method: 'GET',
  path: '/console/leads/:id/files/:fileId',
} as const satisfies Endpoint;
export const consoleLeadStatus = {
  method: 'POST',
  path: '/console/leads/:id/status',
} as const satisfies Endpoint;
export const consoleLeadNote = {
  method: 'POST',
  path: '/console/leads/:id/notes',
} as const satisfies Endpoint;
export const consoleLeadCart = {
  method: 'POST',
  path: '/console/leads/:id/cart',
} as const satisfies Endpoint;
// The console's prices (item_prices): the list, one price set, the CSV export and its import
export const consolePrices = { method: 'GET', path: '/console/prices' } as const satisfies Endpoint;
export const consoleSetPrice = { method: 'PUT', path: '/console/prices' } as const satisfies Endpoint;
export const consolePricesCsv = { method: 'GET', path: '/console/prices.csv' } as const satisfies Endpoint;
export const consolePriceImport = {
  method: 'POST',
  path: '/console/prices/import',
} as const satisfies Endpoint;
export const consolePriceImportApply = {
  method: 'POST',
  path: '/console/prices/import/apply',
} as const satisfies Endpoint;
// The console's catalogue: items, packs, vaccines and services, and their stock
export const consoleCatalogue = { method: 'GET', path: '/console/catalogue' } as const satisfies Endpoint;
export const consoleCatalogueOptions = {
  method: 'GET',
  path: '/console/catalogue/options',
} as const satisfies Endpoint;
export const consoleCatalogueItem = {
  method: 'GET',
  path: '/console/catalogue/:id',
} as const satisfies Endpoint;
export const consoleCreateCatalogueItem = {
  method: 'POST',
  path: '/console/catalogue',
} as const satisfies Endpoint;
export const consoleUpdateCatalogueItem = {
  method: 'PUT',
  path: '/console/catalogue/:id',
} as const satisfies Endpoint;
export const consoleSetCatalogueStock = {
  method: 'PUT',
  path: '/console/catalogue/:id/stock',
} as const satisfies Endpoint;
export const consoleCatalogueSourceStock = {
  method: 'GET',
  path: '/console/catalogue/:id/source-stock',
} as const satisfies Endpoint;
export const consoleSetCatalogueSourceStock = {
  method: 'PUT',
  path: '/console/catalogue/:id/source-stock',
} as const satisfies Endpoint;
export const consoleRemoveCatalogueSourceStock = {
  method: 'DELETE',
  path: '/console/catalogue/:id/source-stock',
} as const satisfies Endpoint;
// The console's coverage: sectors, their overlaps, an address tested as the widget would
export const consoleCoverageSectors = {
  method: 'GET',
  path: '/console/coverage/sectors',
} as const satisfies Endpoint;
export const consoleCoverageSector = {
  method: 'GET',
  path: '/console/coverage/sectors/:id',
} as const satisfies Endpoint;
export const consoleCreateSector = {
  method: 'POST',
  path: '/console/coverage/sectors',
} as const satisfies Endpoint;
export const consoleUpdateSector = {
  method: 'PUT',
  path: '/console/coverage/sectors/:id',
} as const satisfies Endpoint;
export const consoleCoverageOptions = {
  method: 'GET',
  path: '/console/coverage/options',
} as const satisfies Endpoint;
export const consoleCoverageLookup = {
  method: 'GET',
  path: '/console/coverage/lookup',
} as const satisfies Endpoint;
export const consoleCoveragePlaces = {
  method: 'GET',
  path: '/console/coverage/places',
} as const satisfies Endpoint;
