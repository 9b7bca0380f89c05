import * as ERRORS from '@visita/domain/contract/api-errors';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { consolePagePolicy } from '../app/security-headers.ts';

interface ConsoleOptions {
  /** The built console (apps/console/dist). */
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built operations console at /console/: its hashed assets for a year (precompressed),
 * and index.html, never cached, for /console and every client route under it (/console/citas/…),
 * with the console's own Content-Security-Policy (nobody may frame it). A file that is not there
 * is a 404, not the page. Its static routes beat the widget's /:clientId, which it shadows for
 * 'console' alone.
 */
export default fp<ConsoleOptions>(
  async function consoleApp(app: FastifyInstance, { distDir }) {
    if (!existsSync(join(distDir, 'index.html'))) {
      app.log.warn({ distDir }, 'console not built: run `npm run build`');
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/console/',
      index: false,
      wildcard: false,
      preCompressed: true,
      // The widget's static files may have decorated the reply already.
      decorateReply: !app.hasReplyDecorator('sendFile'),
      // Called with the reply (typed as the raw response by @fastify/static).
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
        if (path.endsWith('.html'))
          reply.header('content-security-policy', consolePagePolicy(app.config.CONSOLE_MAP_TILE_URL));
      },
    });
    const sendShell = (reply: FastifyReply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', consolePagePolicy(app.config.CONSOLE_MAP_TILE_URL))
        .type('text/html; charset=utf-8')
        .sendFile('index.html', distDir);
    app.get('/console', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
    app.get<{ Params: { '*': string } }>('/console/*', { schema: { hide: true } }, (request, reply) => {
      const rest = request.params['*'];
      // A file name (a dot in the last segment) or an asset is a file that is not there, not a page.
      if (rest.startsWith('assets/') || rest.split('/').pop()?.includes('.')) {
        return reply.code(404).send({ err: ERRORS.ROUTE_NOT_FOUND.err, msg: ERRORS.ROUTE_NOT_FOUND.msg });
      }
      return sendShell(reply);
    });
  },
  { name: 'console' },
);
