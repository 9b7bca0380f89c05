import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOfRequest } from '../../plugins/app/console-session.ts';
import {
  consoleCouponDetail,
  consoleCouponOptions,
  createConsoleCoupon,
  listConsoleCoupons,
  listReferralCodes,
  setReferralCode,
  updateConsoleCoupon,
} from './console-coupons.ts';

/** The console's coupons and referral codes: coupons.manage reads and changes them. */
const consoleCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { console: { permission: 'coupons.manage' } } as const;

  app.get(
    ENDPOINTS.consoleCoupons.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleCoupons,
        tags: ['console'],
        summary: 'Los cupones por código: descuento, vigencia, fuentes, exámenes, usos y si están activos',
      },
    },
    async (request) => listConsoleCoupons(app.db, request.query),
  );

  app.get(
    ENDPOINTS.consoleCouponOptions.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleCouponOptions,
        tags: ['console'],
        summary: 'Lo que un cupón puede nombrar: las fuentes de venta y los exámenes activos del catálogo',
      },
    },
    async () => consoleCouponOptions(app.db, await app.catalogue()),
  );

  app.get(
    ENDPOINTS.consoleCoupon.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleCoupon,
        tags: ['console'],
        summary: 'Un cupón y sus usos: las citas que lo usaron, las más recientes primero',
      },
    },
    async (request) => consoleCouponDetail(app.db, request.params.code),
  );

  app.post(
    ENDPOINTS.consoleCreateCoupon.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleCreateCoupon,
        tags: ['console'],
        summary:
          'Crear un cupón: porcentaje o monto fijo, vigencia, fuentes, exámenes, usos totales, uno por persona',
      },
    },
    async (request, reply) => {
      const coupon = await createConsoleCoupon(
        app.db,
        await app.catalogue(),
        operatorOfRequest(request),
        request.body,
      );
      return reply.code(201).send(coupon);
    },
  );

  app.put(
    ENDPOINTS.consoleUpdateCoupon.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleUpdateCoupon,
        tags: ['console'],
        summary: 'Editar un cupón (todo menos su código y sus usos); active: false lo desactiva',
      },
    },
    async (request) =>
      updateConsoleCoupon(
        app.db,
        await app.catalogue(),
        operatorOfRequest(request),
        request.params.code,
        request.body,
      ),
  );

  app.get(
    ENDPOINTS.consoleReferralCodes.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleReferralCodes,
        tags: ['console'],
        summary: 'El código de referido de cada fuente de venta (el widget lo aplica solo)',
      },
    },
    async () => listReferralCodes(app.db),
  );

  app.put(
    ENDPOINTS.consoleSetReferralCode.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleSetReferralCode,
        tags: ['console'],
        summary:
          'Fijar el código de referido de una fuente de venta (un cupón existente), o quitarlo con null',
      },
    },
    async (request) =>
      setReferralCode(app.db, operatorOfRequest(request), request.params.source, request.body.referral_code),
  );
};

export default consoleCouponRoutes;
