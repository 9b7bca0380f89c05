import { describe, expect, it } from 'vitest';
import {
  communeKey,
  FONASA_UNAVAILABLE_TOOLTIP,
  hasFonasaPricing,
  INSURANCE_TOGGLE_LABELS,
  isFonasaAvailableIn,
  PREVISION_LABELS,
  pricedInsurance,
  resolveInsurance,
  showsFonasaBonus,
} from './insurance.ts';

describe('fonasa is forced back to particular in five communes', () => {
  it.each([
    ['El Monte', 'particular'],
    ['Isla de Maipo', 'particular'],
    ['Melipilla', 'particular'],
    ['Peñaflor', 'particular'],
    ['penaflor', 'particular'],
    [' TALAGANTE ', 'particular'],
    ['Las Condes', 'fonasa'],
    [null, 'fonasa'],
  ])('%s -> %s', (commune, insurance) => {
    expect(resolveInsurance('fonasa', commune)).toBe(insurance);
    expect(isFonasaAvailableIn(commune)).toBe(insurance === 'fonasa');
    expect(resolveInsurance('particular', commune)).toBe('particular');
  });

  it('normalises commune names', () => {
    expect(communeKey('  Isla   de MAIPO')).toBe('isla de maipo');
  });
});

describe('fonasa pricing only for items that allow it', () => {
  it.each([
    [true, 'fonasa', true],
    [false, 'fonasa', false],
    [null, 'fonasa', false],
    [true, 'particular', false],
  ] as const)('allows_fonasa %s with %s -> %s', (allows, insurance, expected) => {
    expect(hasFonasaPricing({ allows_fonasa: allows }, insurance)).toBe(expected);
  });
});

describe('fonasa bonus shown only in Chile when a patient has it', () => {
  it.each([
    ['cl', ['particular', 'fonasa'], true],
    ['cl', ['particular'], false],
    ['mx', ['fonasa'], false],
    ['cl', [], false],
  ] as const)('%s %o -> %s', (country, insurances, shown) => {
    expect(showsFonasaBonus(country, insurances)).toBe(shown);
  });

  it('spells the labels and the tooltip', () => {
    expect(INSURANCE_TOGGLE_LABELS).toEqual({
      particular: 'Particular e isapre',
      fonasa: 'Fonasa',
    });
    expect(PREVISION_LABELS).toEqual({
      particular: 'Isapre o Particular',
      fonasa: 'Fonasa',
    });
    expect(FONASA_UNAVAILABLE_TOOLTIP).toBe(
      'Aún no llegamos a tu comuna con exámenes con cobertura Fonasa. Pero aún puedes agendar de forma particular',
    );
  });
});

describe('Fonasa tiers', () => {
  it.each([
    [true, 'A', 'Las Condes', 'particular'],
    [true, 'B', 'Las Condes', 'fonasa'],
    [true, 'C', 'Las Condes', 'fonasa'],
    [true, 'D', 'Las Condes', 'fonasa'],
    // The quote's wire never required a tier: Fonasa without one keeps the copay.
    [true, null, 'Las Condes', 'fonasa'],
    [true, 'B', 'Talagante', 'particular'],
    [false, 'B', 'Las Condes', 'particular'],
  ] as const)('Fonasa %s, tier %s, in %s: priced as %s', (has, tier, commune, priced) => {
    expect(pricedInsurance(has, tier, commune)).toBe(priced);
  });
});
