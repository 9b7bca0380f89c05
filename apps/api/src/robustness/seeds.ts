/**
 * Valid requests the hostile ones start from, for the routes whose schemas a sample from the
 * OpenAPI document would not pass (a real coupon, a real address, a known RUT). A route missing
 * here is still fuzzed, from its schema: this is a list of good starting points, not of routes.
 */

import { orderLead } from '../modules/orders/test-files.ts';

/** Chile's demo marketplace, in coverage (Las Condes). */
export const SEED_ADDRESS = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  address_line_1: 'Avenida Apoquindo 4500',
  target_address: 'Avenida Apoquindo 4500, Las Condes',
  target_street_number: '4500',
  target_residence_type: 'house',
  target_lat: -33.4129,
  target_lng: -70.5799,
  sales_source: 'marketplace',
  client_id: 'demo',
  section_origin: 'sdk',
};

export const SEED_PATIENT = {
  first_name: 'Valentina',
  second_name: null,
  last_name: 'Morales',
  second_last_name: 'Díaz',
  date_of_birth: '1992-04-08',
  gender: 'female',
  document_type: 'ci',
  document_number: '111111111',
  email: 'valentina.morales@correo.cl',
  phone: '912345678',
  items: [1],
  packs: [],
};

/** Query strings by route (Fastify's `:param` form, no trailing slash). */
export function seedQueries(appointmentId: string): Record<string, Record<string, string>> {
  return {
    '/api/v2/search/client': {
      query: 'hemo',
      country: 'Chile',
      commune: 'Las Condes',
      source: 'marketplace',
    },
    '/api/v2/coupons/validate': { coupon: 'BIENVENIDA10', source: 'marketplace', country: 'cl', items: '1' },
    '/api/users/find_by_identifier': { identifier: '11.111.111-1' },
    '/api/v2/items': { ids: '1,2', country: 'cl', locality: 'Las Condes', source: 'marketplace' },
    '/api/v2/packs': { country: 'cl', source: 'marketplace' },
    '/api/v2/places/autocomplete': { input: 'Avenida Apoquindo 4500', country: 'cl' },
    '/api/v2/places/geocode': { address: 'Avenida Apoquindo 4500, Las Condes', country: 'cl' },
    '/api/v2/sector/sector-from-coordinates': {
      lat: '-33.4129',
      lng: '-70.5799',
      country: 'cl',
      sales_source: 'marketplace',
    },
    '/api/v2/payments/config': { country: 'cl' },
    '/api/v2/patients/has_item': {
      item: 'vacuna-contra-influenza',
      source: 'cajalosandes',
      rut: '156782343',
    },
    '/api/v2/caja-los-andes/rut-status': { rut: '11.111.111-1' },
    '/api/alliances/clients/sdk-config': { id: 'demo' },
    '/api/referrals/alliance': { alliance: 'cajalosandes' },
    '/api/orden-medica/create-ticket': { client_id: 'demo' },
    '/api/embed/host': { client_id: 'demo', parent_origin: 'https://www.example.cl' },
    '/api/v2/time-availability': {
      appointment_id: appointmentId,
      locality: 'Las Condes',
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      items: '1',
    },
  };
}

/** Tomorrow, as a 'YYYY-MM-DD' date (a block must be within a month). */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** JSON bodies by route (`METHOD url`). */
export const SEED_BODIES: Record<string, unknown> = {
  'POST /api/v2/appointments': SEED_ADDRESS,
  'PATCH /api/v2/appointments/:id/patients': { patients: [SEED_PATIENT] },
  'POST /api/v2/appointments/:id/finalize': { patients: [SEED_PATIENT], sales_source: 'marketplace' },
  'POST /api/v2/appointments/:id/schedule': {
    begin_date: `${tomorrow()} 10:00:00`,
    end_date: `${tomorrow()} 11:00:00`,
  },
  'POST /api/v2/appointments/:id/amount': { discount: 0, total: 15000 },
  'PATCH /api/appointments/:id/last-mile': { folio: 'F-123', amount: 15000 },
  'POST /api/v2/cart-price': {
    coupon_code: 'BIENVENIDA10',
    country: 'cl',
    locality: 'Las Condes',
    source: 'marketplace',
    patients: [{ is_fonasa: false, items: [1], packs: [] }],
  },
  'POST /api/v2/sandbox/card-tokens': {
    card_number: '4111111111111111',
    cardholder_name: 'APRO',
    expiration_month: 12,
    expiration_year: 2031,
    security_code: '123',
  },
  'POST /api/v2/mercado-pago/:id/card': { token: 'f'.repeat(32), payment_method_id: 'visa', amount: 15000 },
  'POST /api/users/register_wo_password': {
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Pérez',
    second_last_name: 'Soto',
    date_of_birth: '1990-05-17',
    document_type: 'ci',
    document_number: '12.345.678-5',
    gender: 'female',
    country: 'cl',
    phone: '+56912345678',
    locale: 'cl',
  },
  // The medical order's `lead` form field (sent as JSON text beside the files).
  'POST /api/orden-medica/create-ticket': orderLead(),
  'POST /api/alliances/clients/:clientId/patients': {
    patient: {
      first_name: 'María',
      second_name: 'José',
      last_name: 'Pérez',
      second_last_name: 'Núñez',
      date_of_birth: '1985-03-14',
      gender: 'female',
      document_type: 'ci',
      document_number: '11.111.111-1',
      email: 'maria.perez@correo.cl',
      phone: '+56912345678',
    },
  },
};
