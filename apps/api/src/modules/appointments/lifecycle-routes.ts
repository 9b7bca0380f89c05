import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The appointment lifecycle after scheduling: manual confirmation, payment summary, amount, last mile. */
const lifecycleRoutes: FastifyPluginAsyncZod = async () => {};

export default lifecycleRoutes;
