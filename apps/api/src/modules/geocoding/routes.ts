import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The geocoding calls of the contract (see DESIGN.md, The contract). */
const geocodingRoutes: FastifyPluginAsyncZod = async () => {};

export default geocodingRoutes;
