import { describe, expect, it } from 'vitest';
import { countryName, localeFromCountry, parseCountry } from './locale.ts';

describe("locale: 'cl' sets es-CL/CLP, anything else es-MX/MXN", () => {
  it.each([
    ['cl', { countryCode: 'cl', code: 'es-CL', currency: 'CLP' }],
    ['mx', { countryCode: 'mx', code: 'es-MX', currency: 'MXN' }],
    ['ar', { countryCode: 'mx', code: 'es-MX', currency: 'MXN' }],
    [null, { countryCode: 'mx', code: 'es-MX', currency: 'MXN' }],
  ])('%s', (country, locale) => {
    expect(localeFromCountry(country)).toEqual(locale);
  });
});

describe("countries are also written 'Chile', 'chile', 'México', 'mexico'", () => {
  it.each([
    ['cl', 'cl'],
    ['Chile', 'cl'],
    ['chile', 'cl'],
    ['mx', 'mx'],
    ['México', 'mx'],
    ['mexico', 'mx'],
    [' MX ', 'mx'],
    ['Perú', null],
    ['', null],
    [undefined, null],
    // Names of Object.prototype's members are no country.
    ['__proto__', null],
    ['constructor', null],
    ['toString', null],
  ])('%s -> %s', (value, country) => {
    expect(parseCountry(value)).toBe(country);
  });

  it('names the country as the search call sends it', () => {
    expect(countryName('cl')).toBe('Chile');
    expect(countryName('mx')).toBe('México');
  });
});
