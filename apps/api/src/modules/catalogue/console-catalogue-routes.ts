import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOfRequest } from '../../plugins/app/console-session.ts';
import {
  catalogueItemDetail,
  catalogueOptions,
  catalogueSourceStock,
  createCatalogueItem,
  listCatalogueItems,
  removeCatalogueSourceStock,
  setCatalogueSourceStock,
  setCatalogueStock,
  updateCatalogueItem,
} from './console-catalogue.ts';

/** The console's catalogue (catalogue.manage): items, packs, vaccines and services, and their stock. */
const consoleCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'catalogue.manage' } } as const;
  const detail = async (id: number) => catalogueItemDetail(app.db, await app.catalogue(), id);

  app.get(
    ENDPOINTS.consoleCatalogue.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCatalogue,
        tags: ['console'],
        summary:
          'El catálogo de un país por nombre: exámenes, packs, vacunas y servicios, con su precio base y su stock',
      },
    },
    async (request) => listCatalogueItems(app.db, request.query),
  );

  app.get(
    ENDPOINTS.consoleCatalogueOptions.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCatalogueOptions,
        tags: ['console'],
        summary: 'Lo que un pack puede incluir (los ítems del país que no son packs) y el siguiente id libre',
      },
    },
    async (request) => catalogueOptions(app.db, request.query.country),
  );

  app.get(
    ENDPOINTS.consoleCatalogueItem.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCatalogueItem,
        tags: ['console'],
        summary:
          'Un ítem del catálogo con sus ítems incluidos, los packs que lo incluyen y quién lee su stock',
      },
    },
    async (request) => detail(request.params.id),
  );

  app.post(
    ENDPOINTS.consoleCreateCatalogueItem.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCreateCatalogueItem,
        tags: ['console'],
        summary:
          'Crear un ítem o un pack (con sus ítems, en orden); su id es el indicado o el siguiente libre. El widget lo ve al instante',
      },
    },
    async (request, reply) => {
      const id = await createCatalogueItem(app.db, app.changes, operatorOfRequest(request), request.body);
      return reply.code(201).send(await detail(id));
    },
  );

  app.put(
    ENDPOINTS.consoleUpdateCatalogueItem.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleUpdateCatalogueItem,
        tags: ['console'],
        summary: 'Editar un ítem (todo menos su país y su tipo); el widget lo ve al instante',
      },
    },
    async (request) => {
      await updateCatalogueItem(
        app.db,
        app.changes,
        operatorOfRequest(request),
        request.params.id,
        request.body,
      );
      return detail(request.params.id);
    },
  );

  app.put(
    ENDPOINTS.consoleSetCatalogueStock.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleSetCatalogueStock,
        tags: ['console'],
        summary:
          'Fijar el stock de un ítem (null: ilimitado); en 0, las fuentes cuyo interruptor sigue su stock muestran «Se acabó el stock.»',
      },
    },
    async (request) => {
      await setCatalogueStock(
        app.db,
        app.changes,
        operatorOfRequest(request),
        request.params.id,
        request.body.stock,
      );
      return detail(request.params.id);
    },
  );

  app.get(
    ENDPOINTS.consoleCatalogueSourceStock.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleCatalogueSourceStock,
        tags: ['console'],
        summary:
          'Las existencias de un ítem por fuente de venta: el stock compartido y el propio de cada fuente, con su estado',
      },
    },
    async (request) => catalogueSourceStock(app.db, request.params.id),
  );

  app.put(
    ENDPOINTS.consoleSetCatalogueSourceStock.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleSetCatalogueSourceStock,
        tags: ['console'],
        summary:
          'Fijar las unidades propias de una fuente de venta: sus confirmaciones y su estado operativo las siguen a ellas, no al stock compartido',
      },
    },
    async (request) => {
      const { sales_source, stock } = request.body;
      await setCatalogueSourceStock(
        app.db,
        app.changes,
        operatorOfRequest(request),
        request.params.id,
        sales_source,
        stock,
      );
      return catalogueSourceStock(app.db, request.params.id);
    },
  );

  app.delete(
    ENDPOINTS.consoleRemoveCatalogueSourceStock.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleRemoveCatalogueSourceStock,
        tags: ['console'],
        summary: 'Quitar las unidades propias de una fuente de venta: vuelve a usar el stock compartido',
      },
    },
    async (request) => {
      await removeCatalogueSourceStock(
        app.db,
        app.changes,
        operatorOfRequest(request),
        request.params.id,
        request.query.sales_source,
      );
      return catalogueSourceStock(app.db, request.params.id);
    },
  );
};

export default consoleCatalogueRoutes;
