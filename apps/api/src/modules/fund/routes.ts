import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The compensation fund's checks: RUT affiliation and items a patient already has (spec part 2 §7). */
const fundRoutes: FastifyPluginAsyncZod = async () => {};

export default fundRoutes;
