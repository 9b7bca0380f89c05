import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleAgendaDay } from './agenda.ts';
import { findConsoleSectors } from './agenda-queries.ts';

/** The console's agenda: the sectors, and one sector's day (agenda.read). */
const consoleAgendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'agenda.read' } } as const;

  app.get(
    ENDPOINTS.consoleSectors.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleSectors,
        tags: ['console'],
        summary: 'Sectores, por país y fuente de venta',
      },
    },
    async (request) => {
      const rows = await findConsoleSectors(app.db, {
        country: request.query.country,
        salesSource: request.query.sales_source,
      });
      return { results: rows.map((row) => ({ ...row, id: String(row.id) })) };
    },
  );

  app.get(
    ENDPOINTS.consoleAgendaDay.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleAgendaDay,
        tags: ['console'],
        summary:
          'El día de un sector: los bloques de cada enfermera con sus visitas y reservas en curso, y la carga por bloque',
      },
    },
    async (request) => {
      const { query } = request;
      return consoleAgendaDay(app.db, await app.catalogue(), {
        sectorId: query.sector_id,
        date: query.date,
        filters: { clientId: query.client_id, kind: query.kind, status: query.status },
        now: new Date(),
      });
    },
  );
};

export default consoleAgendaRoutes;
