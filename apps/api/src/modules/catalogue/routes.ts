import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { rememberingSerializer } from './remembered-answers.ts';
import { listCatalogue, searchCatalogue } from './service.ts';

/** The catalogue calls of the contract. */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.listItems.path,
    {
      schema: {
        ...SCHEMAS.listItems,
        tags: ['catalogue'],
        summary: 'Exámenes y servicios por id, con su precio para el canal y la comuna',
      },
    },
    async (request) => ({ results: listCatalogue(await app.catalogue(), request.query, 'item') }),
  );

  app.get(
    ENDPOINTS.listPacks.path,
    {
      schema: {
        ...SCHEMAS.listPacks,
        tags: ['catalogue'],
        summary: 'Packs por id con sus exámenes; solo los que tienen precio',
      },
    },
    async (request) => listCatalogue(await app.catalogue(), request.query, 'pack'),
  );

  app.get(
    ENDPOINTS.searchCatalogue.path,
    {
      config: { ipRateLimit: 'search' },
      serializerCompiler: (route) =>
        rememberingSerializer(
          serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
        ),
      schema: {
        ...SCHEMAS.searchCatalogue,
        tags: ['catalogue'],
        summary: 'Búsqueda de exámenes, packs, vacunas y servicios (sin tildes ni mayúsculas)',
      },
    },
    async (request) => ({ data: searchCatalogue(await app.catalogue(), request.query) }),
  );
};

export default catalogueRoutes;
