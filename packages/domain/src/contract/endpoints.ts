/**
 * Every endpoint of the API, declared once: its method and its path under /api, with ':name'
 * parameters as Fastify writes them. The API registers each route from here (a test fails for a
 * route served but not declared, declared but not served, or served with another method), the
 * widget builds every call from here, and the OpenAPI document is made from the registered routes.
 * The request and answer schemas live beside, in the contract's zod modules; this file stays
 * zod-free so the widget can import it.
 */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface Endpoint {
  method: HttpMethod;
  path: string;
}

export const ENDPOINTS = {
  // The client configuration
  sdkConfig: { method: 'GET', path: '/alliances/clients/sdk-config/' },
  // Catalogue and search
  listItems: { method: 'GET', path: '/v2/items/' },
  listPacks: { method: 'GET', path: '/v2/packs/' },
  searchCatalogue: { method: 'GET', path: '/v2/search/client/' },
  // Prices
  cartPrice: { method: 'POST', path: '/v2/cart-price/' },
  // Coupons and referral codes
  couponValidate: { method: 'GET', path: '/v2/coupons/validate/' },
  referrals: { method: 'GET', path: '/referrals/alliance/' },
  // Operative status
  operativeStatus: { method: 'GET', path: '/v2/operative/:salesSource/status/' },
  // Coverage
  sectorFromCoordinates: { method: 'GET', path: '/v2/sector/sector-from-coordinates/' },
  // Address search (the maps key stays on the server)
  placesAutocomplete: { method: 'GET', path: '/v2/places/autocomplete/' },
  placesGeocode: { method: 'GET', path: '/v2/places/geocode/' },
  // Appointments: creation, patients, confirmation, staff fields, managing a booking
  appointmentPatients: { method: 'PATCH', path: '/v2/appointments/:id/patients/' },
  finalizeAppointment: { method: 'POST', path: '/v2/appointments/:id/finalize/' },
  manualConfirm: { method: 'POST', path: '/appointments/:id/manual_confirm/' },
  paymentSummary: { method: 'GET', path: '/payments/appointments/:id/payment_summary/' },
  appointmentAmount: { method: 'POST', path: '/v2/appointments/:id/amount/' },
  lastMile: { method: 'PATCH', path: '/appointments/:id/last-mile/' },
  appointmentOrigin: { method: 'PATCH', path: '/appointments/:id/origin/' },
  manageBooking: { method: 'GET', path: '/v2/appointments/:id/booking/' },
  cancelAppointment: { method: 'POST', path: '/v2/appointments/:id/cancel/' },
  rescheduleAppointment: { method: 'POST', path: '/v2/appointments/:id/reschedule/' },
  createAppointment: { method: 'POST', path: '/v2/appointments/' },
  getAppointment: { method: 'GET', path: '/v2/appointments/:id/' },
  appointmentAddress: { method: 'GET', path: '/v2/appointments/:id/address/' },
  cartMaker: { method: 'GET', path: '/v2/cart-maker/:id/' },
  // Availability and holds
  availability: { method: 'GET', path: '/v2/time-availability/' },
  holdBlock: { method: 'POST', path: '/v2/appointments/:id/schedule/' },
  // A staff client's patients
  clientPatients: { method: 'GET', path: '/alliances/clients/:clientId/patients/' },
  createClientPatient: { method: 'POST', path: '/alliances/clients/:clientId/patients/' },
  // Patient accounts
  findByIdentifier: { method: 'GET', path: '/users/find_by_identifier/' },
  registerWithoutPassword: { method: 'POST', path: '/users/register_wo_password/' },
  // The benefits fund's checks
  rutStatus: { method: 'GET', path: '/v2/caja-los-andes/rut-status/' },
  hasItem: { method: 'GET', path: '/v2/patients/has_item/' },
  // Payments
  paymentsConfig: { method: 'GET', path: '/v2/payments/config/' },
  cardPayment: { method: 'POST', path: '/v2/mercado-pago/:id/card/' },
  cashPayment: { method: 'POST', path: '/payments/appointments/:id/cash_payment/' },
  sandboxCardTokens: { method: 'POST', path: '/v2/sandbox/card-tokens/' },
  // Medical orders
  createTicket: { method: 'POST', path: '/orden-medica/create-ticket/' },
  medicalOrders: { method: 'GET', path: '/orden-medica/' },
  // Embedding
  embedHost: { method: 'GET', path: '/embed/host/' },
  // The widget's failure reports
  errorReports: { method: 'POST', path: '/v2/errors/' },
  // The operator's API
  adminListPartners: { method: 'GET', path: '/admin/partners' },
  adminGetPartner: { method: 'GET', path: '/admin/partners/:id' },
  adminCreatePartner: { method: 'POST', path: '/admin/partners' },
  adminUpdatePartner: { method: 'PATCH', path: '/admin/partners/:id' },
  adminIssuePartnerToken: { method: 'POST', path: '/admin/partners/:id/api-token' },
  adminRevokePartnerToken: { method: 'DELETE', path: '/admin/partners/:id/api-token' },
  adminAudit: { method: 'GET', path: '/admin/audit' },
  adminWebhookDeliveries: { method: 'GET', path: '/admin/webhooks/deliveries' },
  // Health
  health: { method: 'GET', path: '/health' },
} as const satisfies Record<string, Endpoint>;
export type EndpointName = keyof typeof ENDPOINTS;

/** Headers every call adds. */
export const ADDRESS_LATITUDE_HEADER = 'x-address-latitude';
export const ADDRESS_LONGITUDE_HEADER = 'x-address-longitude';

/** '/api' + the endpoint's path with each ':name' replaced by its URL-encoded value. */
export function pathFor(name: EndpointName, params: Readonly<Record<string, string | number>> = {}): string {
  const route = ENDPOINTS[name].path;
  const path = route.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}`;
}
