import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The coupons calls of the contract (see DESIGN.md, The contract). */
const couponsRoutes: FastifyPluginAsyncZod = async () => {};

export default couponsRoutes;
