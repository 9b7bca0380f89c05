import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the routes' zod schemas: browsable at /api/docs (Swagger
 * UI, its files served by the plugin under a strict CSP), the JSON at /api/docs/json and the YAML
 * at /api/docs/yaml.
 */
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
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { deepLinking: true, docExpansion: 'list', validatorUrl: null },
      staticCSP: true,
    });
  },
  { name: 'openapi' },
);
