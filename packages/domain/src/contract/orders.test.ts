import { describe, expect, it } from 'vitest';
import {
  createTicketAnswerSchema,
  leadHasAddress,
  medicalOrdersQuerySchema,
  orderLeadSchema,
} from './orders.ts';

const lead = {
  address_line_1: 'Avenida Insurgentes Sur 1000',
  target_address: 'Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México, México',
  comuna: 'Benito Juárez',
  region: 'Ciudad de México',
  zip_code: '03100',
  country: 'mx',
  target_street_number: '1000',
  target_address_additional_info: null,
  target_apartment_number: null,
  target_residence_type: 'house',
  target_lng: -99.17,
  target_lat: 19.37,
  street: 'Avenida Insurgentes Sur',
  number: '1000',
  name: 'Ana Pérez',
  phone: '+525512345678',
  triggered_from: 'sdk',
  section_origin: 'medical-order-sdk',
  sales_source: 'marketplace',
  special_needs: null,
  email: 'ana@example.mx',
  insurance: null,
};

const issuePaths = (value: unknown) =>
  orderLeadSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('medical-order lead contract', () => {
  it('accepts a complete lead', () => {
    expect(orderLeadSchema.parse(lead)).toEqual(lead);
  });

  it("checks the phone by the lead's country and the e-mail's format", () => {
    expect(issuePaths({ ...lead, phone: '+56912345678' })).toEqual(['phone']);
    expect(issuePaths({ ...lead, country: 'cl', phone: '+56912345678' })).toEqual([]);
    expect(issuePaths({ ...lead, email: 'ana@@example' })).toEqual(['email']);
  });

  it('takes coordinates as numbers only: a null is no point at all, not 0,0', () => {
    expect(issuePaths({ ...lead, target_lat: null })).toEqual(['target_lat']);
    expect(issuePaths({ ...lead, target_lng: '-99.17' })).toEqual(['target_lng']);
  });

  it.each([
    [lead, true],
    [{ ...lead, target_lat: null }, false],
    [{ ...lead, target_lng: undefined }, false],
    [{ ...lead, address_line_1: ' ' }, false],
    [{ ...lead, target_address: '' }, false],
    [null, false],
    [[], false],
    ['lead', false],
  ])('an address is chosen: %j → %s', (value, expected) => {
    expect(leadHasAddress(value)).toBe(expected);
  });

  it('reads the answer as ok, as {err, msg} or as the older {error}', () => {
    expect(createTicketAnswerSchema.parse({ msg: 'ok', groupedOrdenMedicaId: 'g' })).toEqual({
      msg: 'ok',
      groupedOrdenMedicaId: 'g',
    });
    expect(createTicketAnswerSchema.parse({ err: 'invalid-file', msg: 'x' })).toEqual({
      err: 'invalid-file',
      msg: 'x',
    });
    expect(createTicketAnswerSchema.parse({ error: 'x' })).toEqual({ error: 'x' });
  });

  it('pages the staff list: 20 by default, at most 100', () => {
    expect(medicalOrdersQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(medicalOrdersQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(medicalOrdersQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
