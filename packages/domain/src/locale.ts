/** Countries the product sells in, and how each is written on the wire and to people. */
export const COUNTRY_CODES = ['cl', 'mx'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export type LocaleCode = 'es-CL' | 'es-MX';
export type CurrencyCode = 'CLP' | 'MXN';

export interface Locale {
  countryCode: CountryCode;
  code: LocaleCode;
  currency: CurrencyCode;
}

/** 'cl' sets es-CL/CLP; anything else sets es-MX/MXN. */
export function localeFromCountry(countryCode: string | null | undefined): Locale {
  return countryCode === 'cl'
    ? { countryCode: 'cl', code: 'es-CL', currency: 'CLP' }
    : { countryCode: 'mx', code: 'es-MX', currency: 'MXN' };
}

/** Each country is also written 'Chile'/'chile' and 'México'/'mexico'. */
const COUNTRY_ALIASES: Record<string, CountryCode> = {
  cl: 'cl',
  chile: 'cl',
  mx: 'mx',
  mexico: 'mx',
  méxico: 'mx',
};

export function parseCountry(value: string | null | undefined): CountryCode | null {
  if (!value) return null;
  const key = value.trim().toLowerCase();
  // Own keys only: '__proto__' or 'constructor' must not find Object.prototype's members.
  return Object.hasOwn(COUNTRY_ALIASES, key) ? (COUNTRY_ALIASES[key] ?? null) : null;
}

/** The country's display name as the search call sends it ('Chile' or 'México'). */
export function countryName(countryCode: CountryCode): 'Chile' | 'México' {
  return countryCode === 'cl' ? 'Chile' : 'México';
}
