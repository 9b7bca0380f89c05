import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pricing calls of the contract (see DESIGN.md, The contract). */
const pricingRoutes: FastifyPluginAsyncZod = async () => {};

export default pricingRoutes;
