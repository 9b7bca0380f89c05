import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface WidgetOptions {
  /** The built widget (apps/widget/dist). */
  distDir: string;
}

/**
 * Serves the built widget: its hashed assets for a year, and index.html for `/` and for
 * `/{clientId}`; the widget itself tells a valid client from an unknown one and says so.
 */
export default fp<WidgetOptions>(
  async function widget(app: FastifyInstance, { distDir }) {
    if (!existsSync(join(distDir, 'index.html'))) {
      app.log.warn({ distDir }, 'widget not built: run `npm run build`');
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const sendShell = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
    app.get<{ Params: { clientId: string } }>('/:clientId', { schema: { hide: true } }, (request, reply) => {
      // A dotted name is a file that is not there, not a client id.
      if (request.params.clientId.includes('.')) {
        return reply.code(404).send({ err: 'not-found', msg: 'El recurso solicitado no existe.' });
      }
      return sendShell(reply);
    });
  },
  { name: 'widget' },
);
