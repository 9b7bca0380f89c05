import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGeocoder } from '../../adapters/geocoders/create-geocoder.ts';
import { GeocoderUnavailableError } from '../../adapters/geocoders/geocoder.ts';
import { fail } from '../../errors.ts';
import { consoleActor, operatorOfRequest } from '../../plugins/app/console-session.ts';
import { keptSectorsOfSource } from '../scheduling/roster.ts';
import {
  coveragePlaces,
  coverageSectorDetail,
  createCoverageSector,
  knownSalesSources,
  listCoverageSectors,
  lookupCoverage,
  SectorVisitsBooked,
  updateCoverageSector,
} from './console-coverage.ts';

/**
 * The console's coverage (coverage.manage): sectors, their overlaps, an address tested as the
 * widget would. A sector written here is used by the widget at once on every instance: the
 * sectors' trigger tells each to forget the sectors it keeps (migration 0008).
 */
const consoleCoverageRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'coverage.manage' } } as const;
  // The widget's geocoder (GEOCODER), so an address lands where the widget would put it.
  const geocoder = createGeocoder(app.config);
  const authorOf = (request: Parameters<typeof operatorOfRequest>[0]) => {
    const operator = operatorOfRequest(request);
    return { actor: consoleActor(operator), operatorId: operator.operatorId };
  };

  app.get(
    ENDPOINTS.consoleCoverageSectors.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCoverageSectors,
        tags: ['console'],
        summary: 'Los sectores por fuente de venta y país, con los de su fuente con que se superponen',
      },
    },
    async (request) => ({
      results: await listCoverageSectors(app.db, {
        salesSource: request.query.sales_source,
        country: request.query.country,
      }),
    }),
  );

  app.get(
    ENDPOINTS.consoleCoverageSector.path,
    {
      config,
      schema: { ...SCHEMAS.consoleCoverageSector, tags: ['console'], summary: 'Un sector de cobertura' },
    },
    async (request) => coverageSectorDetail(app.db, Number(request.params.id)),
  );

  app.post(
    ENDPOINTS.consoleCreateSector.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCreateSector,
        tags: ['console'],
        summary: 'Crea un sector: nombre, fuente de venta, país, zona horaria, servicios, polígono GeoJSON',
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoverageSector(app.db, request.body, authorOf(request))),
  );

  app.put(
    ENDPOINTS.consoleUpdateSector.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleUpdateSector,
        tags: ['console'],
        summary:
          'Cambia un sector; su zona horaria no cambia mientras tenga enfermeras (409), ni se desactiva o pierde un servicio con visitas agendadas que no se mantengan (409 con las visitas)',
      },
    },
    async (request, reply) => {
      try {
        return await updateCoverageSector(app.db, Number(request.params.id), request.body, authorOf(request));
      } catch (error) {
        // The refusal carries the visits themselves, so the coordinator can open, cancel or keep each.
        if (!(error instanceof SectorVisitsBooked)) throw error;
        const { err, msg } = ERRORS.consoleSectorVisitsBooked(error.visits.length);
        return reply.code(409).send({ err, msg, visits: error.visits });
      }
    },
  );

  app.get(
    ENDPOINTS.consoleCoverageOptions.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCoverageOptions,
        tags: ['console'],
        summary: 'Las fuentes de venta con que venden los socios, y las teselas del mapa',
      },
    },
    async () => ({
      sales_sources: await knownSalesSources(app.db),
      tile_url: app.config.CONSOLE_MAP_TILE_URL ?? null,
      tile_attribution: app.config.CONSOLE_MAP_ATTRIBUTION ?? null,
    }),
  );

  app.get(
    ENDPOINTS.consoleCoverageLookup.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCoverageLookup,
        tags: ['console'],
        summary: 'Qué sector y qué enfermeras atienden una dirección, como lo vería el widget',
      },
    },
    async (request) => {
      try {
        return await lookupCoverage(
          app.db,
          geocoder,
          keptSectorsOfSource(app.db, app.rosters),
          request.query,
        );
      } catch (error) {
        if (error instanceof GeocoderUnavailableError) {
          request.log.warn({ reason: error.message }, 'geocoder unavailable');
          throw fail(ERRORS.GEOCODER_UNAVAILABLE);
        }
        throw error;
      }
    },
  );

  app.get(
    ENDPOINTS.consoleCoveragePlaces.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCoveragePlaces,
        tags: ['console'],
        summary: 'Las comunas o municipios del nomenclátor, para el mapa sin teselas',
      },
    },
    async (request) => ({ results: coveragePlaces(request.query.country) }),
  );
};

export default consoleCoverageRoutes;
