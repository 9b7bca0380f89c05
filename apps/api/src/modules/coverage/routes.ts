import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStorableText } from '../../text-guards.ts';
import { keptSectorsOfSource } from '../scheduling/roster.ts';
import { findCoveringSector } from './service.ts';

/** GET /v2/sector/sector-from-coordinates/: the sector covering a point for a source, or null. */
const coverageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.sectorFromCoordinates.path,
    {
      schema: {
        ...SCHEMAS.sectorFromCoordinates,
        tags: ['coverage'],
        summary: 'Sector de cobertura de un punto para una fuente de venta',
      },
    },
    async (request) => {
      const { lat, lng, country, sales_source } = request.query;
      assertStorableText(sales_source, 'sales_source');
      const sector = await findCoveringSector(
        app.db,
        { lat, lng },
        { country, salesSource: sales_source },
        keptSectorsOfSource(app.db, app.rosters),
      );
      return sector ? { id: String(sector.id), name: sector.name } : null;
    },
  );
};

export default coverageRoutes;
