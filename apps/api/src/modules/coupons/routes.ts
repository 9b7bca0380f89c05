import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import {
  couponValidateAnswerSchema,
  couponValidateQuerySchema,
  referralAnswerSchema,
  referralQuerySchema,
} from '@visita/domain/contract/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralsForAlliance, validateCoupon } from './service.ts';

/** The coupon and referral calls */
const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.couponValidate.path,
    {
      config: { ipRateLimit: 'coupons' },
      schema: {
        tags: ['coupons'],
        summary: 'Estado de un cupón para el carrito, la fuente de venta y el país',
        querystring: couponValidateQuerySchema,
        response: { 200: couponValidateAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { coupon, source, country, items } = request.query;
      return { status: await validateCoupon(app.db, coupon, { source, country, itemIds: items }) };
    },
  );

  app.get(
    ENDPOINTS.referrals.path,
    {
      schema: {
        tags: ['coupons'],
        summary: 'Código de referido que el widget aplica automáticamente para un socio',
        querystring: referralQuerySchema,
        response: { 200: referralAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => referralsForAlliance(app.db, request.query.alliance),
  );
};

export default couponsRoutes;
