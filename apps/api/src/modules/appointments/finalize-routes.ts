import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Patients on an appointment and its finalisation (PATCH …/patients/, POST …/finalize/). */
const finalizeRoutes: FastifyPluginAsyncZod = async () => {};

export default finalizeRoutes;
