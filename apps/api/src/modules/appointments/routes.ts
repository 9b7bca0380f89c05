import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The appointments calls of the contract (see DESIGN.md, The contract). */
const appointmentsRoutes: FastifyPluginAsyncZod = async () => {};

export default appointmentsRoutes;
