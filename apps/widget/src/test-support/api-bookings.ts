import type { Address } from '@visita/domain/addresses';
import { expect } from 'vitest';
import type { RealApi } from './real-api.ts';

/** The demo catalogue's fixed ids (Chile items 1-99): Hemograma 1, Glicemia 3. */
export const HEMOGRAMA_ID = 1;
export const GLICEMIA_ID = 3;

/** The demo's Apoquindo address (Las Condes, inside the marketplace's coverage), as the API stores it. */
const APOQUINDO_BODY = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  colony: null,
  address_line_1: 'Avenida Apoquindo 4500',
  target_street_number: '4500',
  target_residence_type: 'house',
  target_lat: -33.4129,
  target_lng: -70.5799,
  target_apartment_number: null,
  target_address_additional_info: null,
  zip_code: null,
  target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
} as const;

/** The same address as the widget's session keeps it once the address step chose it. */
export const APOQUINDO_ADDRESS: Address = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  commune: 'Las Condes',
  colony: null,
  street: 'Avenida Apoquindo',
  number: '4500',
  type: 'house',
  latitude: -33.4129,
  longitude: -70.5799,
  apartmentNumber: null,
  additionalInfo: null,
  zip_code: null,
  target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
  placeId: null,
  lastMileFolio: null,
};

export interface Booking {
  id: string;
  token: string;
}

/** An appointment made through the API at Apoquindo, as the address step (or a partner's system) makes it. */
export async function createAppointment(
  api: RealApi,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Booking> {
  const created = await api.call<Booking>('POST', '/api/v2/appointments/', {
    headers,
    body: {
      ...APOQUINDO_BODY,
      sales_source: 'marketplace',
      last_mile: null,
      section_origin: 'address',
      client_origin: null,
      client_id: 'demo',
      fingerprint_required: false,
      ...overrides,
    },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const tokenHeaders = (booking: Booking) => ({ 'x-appointment-token': booking.token });

/** The first block the API offers for the appointment's items, from `fromDate` on. */
async function firstBlock(
  api: RealApi,
  booking: Booking,
  items: readonly number[],
  fromDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
): Promise<{ date: string; begin_time: string; end_time: string }> {
  const query = new URLSearchParams({ appointment_id: booking.id, country: 'cl', from_date: fromDate });
  for (const item of items) query.append('items', String(item));
  const offered = await api.call<{ data: { date: string; begin_time: string; end_time: string }[] }>(
    'GET',
    `/api/v2/time-availability/?${query.toString()}`,
    { headers: tokenHeaders(booking) },
  );
  const [block] = offered.body.data;
  if (!block) throw new Error('no block offered');
  return block;
}

/**
 * An appointment with a block held for `items` (what the date step leaves), its patients not yet
 * saved: what the patient and contact steps find.
 */
export async function heldBooking(
  api: RealApi,
  {
    items = [HEMOGRAMA_ID],
    overrides = {},
    headers = {},
  }: {
    items?: number[];
    overrides?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): Promise<Booking & { block: { date: string; begin_time: string; end_time: string } }> {
  const booking = await createAppointment(api, overrides, headers);
  const block = await firstBlock(api, booking, items);
  const held = await api.call('POST', `/api/v2/appointments/${booking.id}/schedule/`, {
    headers: { ...headers, ...tokenHeaders(booking) },
    body: {
      begin_date: `${block.date} ${block.begin_time}:00`,
      end_date: `${block.date} ${block.end_time}:00`,
      items,
    },
  });
  expect(held.status).toBe(200);
  return { ...booking, block };
}

const PATIENT = {
  first_name: 'Valentina',
  second_name: null,
  last_name: 'Morales',
  second_last_name: 'Díaz',
  date_of_birth: '1992-04-08',
  gender: 'female',
  document_type: 'ci',
  document_number: '111111111',
  email: 'valentina.morales@example.com',
  phone: '912345678',
  is_fonasa: false,
  items: [HEMOGRAMA_ID],
  packs: [],
};

/**
 * An appointment with its patient and a block held, finalised: what the confirmation and payment
 * steps find once the earlier steps ran.
 */
export async function finalizedBooking(
  api: RealApi,
  {
    email = 'valentina.morales@example.com',
    items = [HEMOGRAMA_ID],
    overrides = {},
  }: { email?: string; items?: number[]; overrides?: Record<string, unknown> } = {},
): Promise<Booking & { block: { date: string; begin_time: string; end_time: string } }> {
  const booking = await createAppointment(api, overrides);
  const headers = tokenHeaders(booking);
  const patient = { ...PATIENT, email, items };
  const saved = await api.call('PATCH', `/api/v2/appointments/${booking.id}/patients/`, {
    headers,
    body: { patients: [patient] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const block = await firstBlock(api, booking, items);
  const held = await api.call('POST', `/api/v2/appointments/${booking.id}/schedule/`, {
    headers,
    body: {
      begin_date: `${block.date} ${block.begin_time}:00`,
      end_date: `${block.date} ${block.end_time}:00`,
    },
  });
  expect(held.status).toBe(200);
  const finalized = await api.call('POST', `/api/v2/appointments/${booking.id}/finalize/`, {
    headers,
    body: { patients: [patient], sales_source: overrides.sales_source ?? 'marketplace' },
  });
  expect(finalized.status).toBe(200);
  return { ...booking, block };
}

/** A booking confirmed and paid by card (the sandbox's 'APRO'), at least two days ahead. */
export async function confirmedBooking(
  api: RealApi,
  options: { email?: string } = {},
): Promise<Booking & { reference: string }> {
  const booking = await finalizedBooking(api, options);
  const headers = tokenHeaders(booking);
  const owed = await api.call<{ data: { appointment: { net_price: number; payment_at_home: number } } }>(
    'GET',
    `/api/payments/appointments/${booking.id}/payment_summary/`,
    { headers },
  );
  const card = await api.call<{ id: string }>('POST', '/api/v2/sandbox/card-tokens/', {
    body: {
      card_number: '4111111111111111',
      cardholder_name: 'APRO',
      expiration_month: 12,
      expiration_year: new Date().getUTCFullYear() + 1,
      security_code: '123',
    },
  });
  const { net_price, payment_at_home } = owed.body.data.appointment;
  const paid = await api.call('POST', `/api/v2/mercado-pago/${booking.id}/card/`, {
    headers,
    body: { token: card.body.id, payment_method_id: 'visa', amount: net_price - payment_at_home },
  });
  expect(paid.status).toBe(200);
  return { ...booking, reference: booking.id.slice(0, 8).toUpperCase() };
}
