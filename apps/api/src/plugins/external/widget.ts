import * as ERRORS from '@visita/domain/contract/api-errors';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { createClientDomainsReader, frameAncestorsPolicy } from '../../modules/embed/service.ts';
import { DEMO_HOST_DIR, EMBED_DIST } from '../../paths.ts';
import { widgetPagePolicy } from '../app/security-headers.ts';

interface WidgetOptions {
  /** The built widget (apps/widget/dist). */
  distDir: string;
  /** The built embed script's folder (packages/embed/dist), served as /embed.js. */
  embedDir?: string;
  /** The demo partner pages (packages/embed/demo), served at /demo-host/ with the demo seed only. */
  demoHostDir?: string;
}

const DEFAULT_EMBED_DIR = EMBED_DIST;
const DEFAULT_DEMO_HOST_DIR = DEMO_HOST_DIR;

/**
 * Serves the built widget: its hashed assets for a year, and index.html for `/` and for
 * `/{clientId}`; the widget itself tells a valid client from an unknown one and says so. The
 * widget page may be framed only by Visita itself and the client's registered domains
 * (Content-Security-Policy frame-ancestors, per client). Also the partner script, /embed.js, and
 * with the demo dataset the demo partner pages at /demo-host/.
 */
export default fp<WidgetOptions>(
  async function widget(
    app: FastifyInstance,
    { distDir, embedDir = DEFAULT_EMBED_DIR, demoHostDir = DEFAULT_DEMO_HOST_DIR },
  ) {
    if (!existsSync(join(distDir, 'index.html'))) {
      app.log.warn({ distDir }, 'widget not built: run `npm run build`');
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz next to each asset (scripts/precompress.mjs): the phone gets
      // the entry in about a third of its bytes, and nothing is compressed per request.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : // The embed script's name is not hashed (partners hard-code it): cache briefly, then revalidate by ETag.
              path.startsWith(embedDir)
              ? 'public, max-age=300, stale-while-revalidate=86400'
              : 'no-cache',
        );
      },
    });
    const readClientDomains = createClientDomainsReader(app.db, undefined, app.changes);
    const sendShell = (reply: FastifyReply, frameAncestors: string) =>
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', widgetPagePolicy(frameAncestors, app.config.PAYMENTS))
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      sendShell(reply, frameAncestorsPolicy(null)),
    );
    app.get<{ Params: { clientId: string } }>(
      '/:clientId',
      { schema: { hide: true } },
      async (request, reply) => {
        // A dotted name is a file that is not there, not a client id.
        if (request.params.clientId.includes('.')) {
          return reply.code(404).send({ err: ERRORS.ROUTE_NOT_FOUND.err, msg: ERRORS.ROUTE_NOT_FOUND.msg });
        }
        let domains: string[] | null = null;
        try {
          domains = await readClientDomains(request.params.clientId);
        } catch (error) {
          // Fail closed: without the client's domains only Visita itself may frame the page.
          request.log.error({ err: error }, 'could not read the client domains');
        }
        return sendShell(reply, frameAncestorsPolicy(domains));
      },
    );

    app.get('/embed.js', { schema: { hide: true } }, (_request, reply) => {
      if (!existsSync(join(embedDir, 'embed.js'))) {
        return reply.code(404).send({ err: ERRORS.ROUTE_NOT_FOUND.err, msg: ERRORS.ROUTE_NOT_FOUND.msg });
      }
      return reply
        .header('access-control-allow-origin', '*')
        .header('x-content-type-options', 'nosniff')
        .type('text/javascript; charset=utf-8')
        .sendFile('embed.js', embedDir);
    });

    // Demo pages embed demo clients (one with its demo API token): only where the demo dataset is.
    if (app.config.SEED === 'demo' && existsSync(demoHostDir)) {
      await app.register(fastifyStatic, {
        root: demoHostDir,
        prefix: '/demo-host/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders(reply) {
          reply.header('cache-control', 'no-cache');
        },
      });
      // Named, or /:clientId would take it for a client called demo-host.
      app.get('/demo-host/', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html', demoHostDir),
      );
    }
  },
  { name: 'widget' },
);
