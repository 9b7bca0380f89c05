import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteCartPrice } from './service.ts';

/** The pricing calls of the contract: the cart's price quote. */
const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ENDPOINTS.cartPrice.path,
    {
      schema: {
        ...SCHEMAS.cartPrice,
        tags: ['pricing'],
        summary: 'Cotización del carrito: exámenes, bono Fonasa, cupón, servicio y pago en domicilio',
      },
    },
    async (request) => quoteCartPrice(app.db, await app.catalogue(), request.body),
  );
};

export default pricingRoutes;
