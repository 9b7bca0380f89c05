/**
 * The API's paths, all
 * under /api. Patterns use ':name' parameters, as Fastify routes do; the widget fills them with
 * `pathFor`.
 */
export const API_PREFIX = '/api';

export const API_ROUTES = {
  //
  sdkConfig: '/alliances/clients/sdk-config/',
  clientPatients: '/alliances/clients/:clientId/patients/',
  operativeStatus: '/v2/operative/:salesSource/status/',
  cartPrice: '/v2/cart-price/',
  cartMaker: '/v2/cart-maker/:id/',
  packs: '/v2/packs/',
  items: '/v2/items/',
  search: '/v2/search/client/',
  appointmentAddress: '/v2/appointments/:id/address/',
  sector: '/v2/sector/sector-from-coordinates/',
  referrals: '/referrals/alliance/',
  couponValidate: '/v2/coupons/validate/',
  appointments: '/v2/appointments/',
  placesAutocomplete: '/v2/places/autocomplete/',
  placesGeocode: '/v2/places/geocode/',
  // The widget's failure reports (ours: the product only says they reach an error-reporting service).
  errorReports: '/v2/errors/',
  //
  findByIdentifier: '/users/find_by_identifier/',
  register: '/users/register_wo_password/',
  availability: '/v2/time-availability/',
  rutStatus: '/v2/caja-los-andes/rut-status/',
  hasItem: '/v2/patients/has_item/',
  manualConfirm: '/appointments/:id/manual_confirm/',
  schedule: '/v2/appointments/:id/schedule/',
  paymentSummary: '/payments/appointments/:id/payment_summary/',
  cashPayment: '/payments/appointments/:id/cash_payment/',
  cardPayment: '/v2/mercado-pago/:id/card/',
  createTicket: '/orden-medica/create-ticket/',
  lastMile: '/appointments/:id/last-mile/',
  appointmentOrigin: '/appointments/:id/origin/',
  // Paths of our own
  appointment: '/v2/appointments/:id/',
  appointmentPatients: '/v2/appointments/:id/patients/',
  finalizeAppointment: '/v2/appointments/:id/finalize/',
  appointmentAmount: '/v2/appointments/:id/amount/',
  sandboxCardTokens: '/v2/sandbox/card-tokens/',
} as const;
export type ApiRoute = (typeof API_ROUTES)[keyof typeof API_ROUTES];

/** Headers every call adds. */
export const ADDRESS_LATITUDE_HEADER = 'x-address-latitude';
export const ADDRESS_LONGITUDE_HEADER = 'x-address-longitude';

/** '/api' + the route with each ':name' replaced by its URL-encoded value. */
export function pathFor(route: ApiRoute, params: Readonly<Record<string, string | number>> = {}): string {
  const path = route.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${route}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}`;
}
