import { describe, expect, it } from 'vitest';
import {
  CARD_NUMBER_LENGTH,
  COMMUNES_WITHOUT_FONASA,
  IVA_RATE,
  pageTitle,
  PHONE_MAX_LENGTH,
  PHONE_MAX_LENGTH_DEFAULT,
  UPLOAD_COMPRESSION_THRESHOLD_BYTES,
  UPLOAD_MAX_BYTES,
  VACCINE_COVERAGE_COMMUNES,
} from './constants.ts';

describe('business constants ', () => {
  it('builds the page title', () => {
    expect(pageTitle('Visita', 'Clínica Demo')).toBe('Servicios médicos a domicilio - Visita & Clínica Demo');
  });

  it('keeps the limits of the product', () => {
    expect(IVA_RATE).toBe(0.16);
    expect([PHONE_MAX_LENGTH_DEFAULT, PHONE_MAX_LENGTH.cl, PHONE_MAX_LENGTH.mx]).toEqual([15, 12, 13]);
    expect([UPLOAD_MAX_BYTES, UPLOAD_COMPRESSION_THRESHOLD_BYTES]).toEqual([15_000_000, 3_000_000]);
    expect(CARD_NUMBER_LENGTH).toMatchObject({ amex: 15, diners: 14, visa: 16 });
    expect(COMMUNES_WITHOUT_FONASA).toEqual([
      'El Monte',
      'Isla de Maipo',
      'Melipilla',
      'Peñaflor',
      'Talagante',
    ]);
    expect(VACCINE_COVERAGE_COMMUNES).toEqual([
      'Vitacura',
      'Providencia',
      'Lo Barnechea',
      'Las Condes',
      'Chicureo',
      'Ñuñoa',
      'La Reina',
      'Huechuraba',
    ]);
  });
});
