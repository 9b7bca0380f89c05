import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralsForAlliance, validateCoupon } from './service.ts';

/** The coupon and referral calls */
const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.couponValidate.path,
    {
      config: { ipRateLimit: 'coupons' },
      schema: {
        ...SCHEMAS.couponValidate,
        tags: ['coupons'],
        summary: 'Estado de un cupón para el carrito, la fuente de venta y el país',
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
        ...SCHEMAS.referrals,
        tags: ['coupons'],
        summary: 'Código de referido que el widget aplica automáticamente para un socio',
      },
    },
    async (request) => referralsForAlliance(app.db, request.query.alliance),
  );
};

export default couponsRoutes;
