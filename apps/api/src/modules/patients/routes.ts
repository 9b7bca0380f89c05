import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The patients calls of the contract (see DESIGN.md, The contract). */
const patientsRoutes: FastifyPluginAsyncZod = async () => {};

export default patientsRoutes;
