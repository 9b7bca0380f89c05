import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Scheduling: time availability and block holds (spec part 2 §7). */
const schedulingRoutes: FastifyPluginAsyncZod = async () => {};

export default schedulingRoutes;
