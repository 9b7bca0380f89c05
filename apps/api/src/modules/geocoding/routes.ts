import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGeocoder } from '../../adapters/geocoders/create-geocoder.ts';
import {
  type Geocoder,
  GeocoderUnavailableError,
  InvalidPlaceIdError,
} from '../../adapters/geocoders/geocoder.ts';
import type { FetchLike } from '../../adapters/geocoders/remote-support.ts';
import { fail } from '../../errors.ts';

export const GEOCODER_UNAVAILABLE_MSG =
  'No pudimos buscar la dirección en este momento. Intenta nuevamente en unos minutos.';

interface GeocodingRoutesOptions {
  /** Tests pass recorded answers; the server uses the global fetch. */
  fetchImpl?: FetchLike;
}

/** A geocoder failure as the API answers it: the service's trouble is logged, never shown. */
async function answering<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof InvalidPlaceIdError) throw fail(ERRORS.INVALID_PLACE_ID);
    if (error instanceof GeocoderUnavailableError) {
      log.warn({ reason: error.message }, 'geocoder unavailable');
      throw fail(ERRORS.GEOCODER_UNAVAILABLE);
    }
    throw error;
  }
}

/** The geocoding calls of the contract: the maps key stays here. */
const geocodingRoutes: FastifyPluginAsyncZod<GeocodingRoutesOptions> = async (app, options) => {
  // One geocoder per app, as configured (GEOCODER); it holds no per-request state.
  const geocoder: Geocoder = createGeocoder(app.config, options.fetchImpl);

  app.get(
    ENDPOINTS.placesAutocomplete.path,
    {
      schema: {
        ...SCHEMAS.placesAutocomplete,
        tags: ['places'],
        summary: 'Sugerencias de direcciones mientras se escribe (restringidas al país)',
      },
    },
    async (request) => {
      const { input, country } = request.query;
      const results = await answering(request.log, () => geocoder.autocomplete(input, country));
      return { results };
    },
  );

  app.get(
    ENDPOINTS.placesGeocode.path,
    {
      schema: {
        ...SCHEMAS.placesGeocode,
        tags: ['places'],
        summary: 'Direcciones candidatas de una sugerencia (place_id) o de una dirección escrita',
      },
    },
    async (request) => {
      const { place_id, address, country } = request.query;
      const results = await answering(request.log, () =>
        geocoder.geocode(
          place_id !== undefined ? { placeId: place_id } : { address: address ?? '' },
          country,
        ),
      );
      return { results };
    },
  );
};

export default geocodingRoutes;
