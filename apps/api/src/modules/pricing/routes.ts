import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import { cartPriceAnswerSchema, cartPriceBodySchema } from '@visita/domain/contract/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteCartPrice } from './service.ts';

/** The pricing calls of the contract: the cart's price quote. */
const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ENDPOINTS.cartPrice.path,
    {
      schema: {
        tags: ['pricing'],
        summary: 'Cotización del carrito: exámenes, bono Fonasa, cupón, servicio y pago en domicilio',
        body: cartPriceBodySchema,
        response: { 200: cartPriceAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => quoteCartPrice(app.db, await app.catalogue(), request.body),
  );
};

export default pricingRoutes;
