import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas and served at /api/docs. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Visita API',
          description: 'Reservas de visitas de salud a domicilio en Chile y México.',
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
