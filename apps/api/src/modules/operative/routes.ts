import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The operative calls of the contract (see DESIGN.md, The contract). */
const operativeRoutes: FastifyPluginAsyncZod = async () => {};

export default operativeRoutes;
