import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The coverage calls of the contract (see DESIGN.md, The contract). */
const coverageRoutes: FastifyPluginAsyncZod = async () => {};

export default coverageRoutes;
