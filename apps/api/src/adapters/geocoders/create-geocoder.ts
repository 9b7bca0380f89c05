import type { Config } from '../../config.ts';
import type { Geocoder } from './geocoder.ts';
import { createGoogleGeocoder } from './google-geocoder.ts';
import { createLocalGeocoder } from './local-geocoder.ts';
import { createNominatimGeocoder } from './nominatim-geocoder.ts';
import type { FetchLike } from './remote-support.ts';

/** The geocoder GEOCODER names; config.ts has already checked that its key or URL is set. */
export function createGeocoder(
  config: Pick<Config, 'GEOCODER' | 'GOOGLE_MAPS_API_KEY' | 'NOMINATIM_URL'>,
  fetchImpl: FetchLike = fetch,
): Geocoder {
  switch (config.GEOCODER) {
    case 'google':
      if (!config.GOOGLE_MAPS_API_KEY)
        throw new Error('GOOGLE_MAPS_API_KEY: es obligatoria con GEOCODER=google');
      return createGoogleGeocoder(config.GOOGLE_MAPS_API_KEY, fetchImpl);
    case 'nominatim':
      if (!config.NOMINATIM_URL) throw new Error('NOMINATIM_URL: es obligatoria con GEOCODER=nominatim');
      return createNominatimGeocoder(config.NOMINATIM_URL, fetchImpl);
    case 'local':
      return createLocalGeocoder();
  }
}
