import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The catalogue calls of the contract (see DESIGN.md, The contract). */
const catalogueRoutes: FastifyPluginAsyncZod = async () => {};

export default catalogueRoutes;
