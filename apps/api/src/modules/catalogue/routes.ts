import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import {
  catalogueQuerySchema,
  itemsAnswerSchema,
  packsAnswerSchema,
  searchAnswerSchema,
  searchQuerySchema,
} from '@visita/domain/contract/catalogue';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCatalogue, searchCatalogue } from './service.ts';

/** The catalogue calls of the contract. */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.listItems.path,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Exámenes y servicios por id, con su precio para el canal y la comuna',
        querystring: catalogueQuerySchema,
        response: { 200: itemsAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ results: listCatalogue(await app.catalogue(), request.query, 'item') }),
  );

  app.get(
    ENDPOINTS.listPacks.path,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Packs por id con sus exámenes; solo los que tienen precio',
        querystring: catalogueQuerySchema,
        response: { 200: packsAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listCatalogue(await app.catalogue(), request.query, 'pack'),
  );

  app.get(
    ENDPOINTS.searchCatalogue.path,
    {
      config: { ipRateLimit: 'search' },
      schema: {
        tags: ['catalogue'],
        summary: 'Búsqueda de exámenes, packs, vacunas y servicios (sin tildes ni mayúsculas)',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: searchCatalogue(await app.catalogue(), request.query) }),
  );
};

export default catalogueRoutes;
