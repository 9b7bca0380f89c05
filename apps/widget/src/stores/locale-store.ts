import { type CountryCode, type Locale, localeFromCountry } from '@visita/domain/locale';
import { createStore } from 'zustand/vanilla';

/** The locale store: 'cl' is es-CL/CLP, anything else es-MX/MXN. */
export type LocaleStore = Locale & { setCountry(countryCode: CountryCode | string): void };

export function createLocaleStore() {
  return createStore<LocaleStore>()((set) => ({
    ...localeFromCountry('cl'),
    setCountry: (countryCode) => set(localeFromCountry(countryCode)),
  }));
}
