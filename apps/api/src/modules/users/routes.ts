import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Patient accounts: find by identifier, register without password (spec part 2 §7). */
const usersRoutes: FastifyPluginAsyncZod = async () => {};

export default usersRoutes;
