import { describe, expect, it } from 'vitest';
import { createTicketAnswerSchema, orderLeadSchema } from './orders.ts';
import { pathFor } from './endpoint.ts';
import * as ENDPOINTS from './endpoints.ts';
import {
  autocompleteAnswerSchema,
  geocodeQuerySchema,
  sectorAnswerSchema,
  sectorQuerySchema,
} from './places.ts';

describe('places, coverage and orders contract', () => {
  it('needs a place id or an address to geocode', () => {
    expect(geocodeQuerySchema.safeParse({ country: 'cl' }).success).toBe(false);
    expect(geocodeQuerySchema.safeParse({ place_id: 'p1', country: 'cl' }).success).toBe(true);
    expect(geocodeQuerySchema.safeParse({ address: 'Apoquindo 4500', country: 'mx' }).success).toBe(true);
  });

  it('reads suggestions and sectors', () => {
    expect(
      autocompleteAnswerSchema.parse({
        results: [
          {
            description: 'Apoquindo 4500',
            place_id: 'p',
            structured_formatting: { main_text: 'Apoquindo 4500' },
          },
        ],
      }).results,
    ).toHaveLength(1);
    expect(
      sectorQuerySchema.parse({ lng: '-70.57', lat: '-33.41', country: 'cl', sales_source: 'demo' }),
    ).toEqual({
      lng: -70.57,
      lat: -33.41,
      country: 'cl',
      sales_source: 'demo',
    });
    expect(sectorAnswerSchema.parse(null)).toBeNull();
  });

  it('checks a medical-order lead and its answer', () => {
    const lead = {
      address_line_1: 'Avenida Apoquindo 4500',
      target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      region: 'Región Metropolitana de Santiago',
      zip_code: null,
      country: 'cl',
      target_street_number: '4500',
      target_address_additional_info: null,
      target_apartment_number: null,
      target_residence_type: 'house',
      target_lng: -70.57,
      target_lat: -33.41,
      street: 'Avenida Apoquindo',
      number: '4500',
      name: 'Ana Pérez',
      phone: '+56912345678',
      triggered_from: 'sdk',
      section_origin: 'medical-order-sdk',
      sales_source: 'marketplace',
      special_needs: null,
      email: 'ana@example.com',
      insurance: 'fonasa',
    };
    expect(orderLeadSchema.parse(lead)).toEqual(lead);
    expect(orderLeadSchema.safeParse({ ...lead, section_origin: 'web' }).success).toBe(false);
    expect(createTicketAnswerSchema.parse({ msg: 'ok', groupedOrdenMedicaId: 'g1' })).toEqual({
      msg: 'ok',
      groupedOrdenMedicaId: 'g1',
    });
    expect(createTicketAnswerSchema.parse({ error: 'no-nurses-for-given-location' })).toEqual({
      error: 'no-nurses-for-given-location',
    });
  });

  it.each([
    [ENDPOINTS.sdkConfig, {}, '/api/alliances/clients/sdk-config/'],
    [ENDPOINTS.cartMaker, { id: 'cm 1' }, '/api/v2/cart-maker/cm%201/'],
    [ENDPOINTS.clientPatients, { clientId: 'demo-laas' }, '/api/alliances/clients/demo-laas/patients/'],
    [ENDPOINTS.manualConfirm, { id: 7 }, '/api/appointments/7/manual_confirm/'],
  ] as const)('%o with %o -> %s', (endpoint, params, path) => {
    expect(pathFor(endpoint, params)).toBe(path);
  });

  it('refuses a path without its parameter', () => {
    expect(() => pathFor(ENDPOINTS.getAppointment)).toThrow('Missing path parameter id');
  });
});
