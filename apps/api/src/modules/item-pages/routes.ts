import { modeConfigFor } from '@visita/domain/client';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createClientConfigReader } from '../clients/service.ts';
import { findItemPage } from './service.ts';
import { itemPageHtml, notFoundPageHtml, type PageTheme } from './render.ts';

/** Longer than any slug or client id: read as none (an HTML 404), never a JSON 400. */
const MAX_TEXT = 200;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT ? value : undefined;

/** The pages are plain HTML with their own inline styles: nothing else may load or run. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/**
 * The widget's 'Más información' links: a readable page for each pack
 * (/servicios-disponibles/packs/{slug}) and each exam or service (/wiki/{slug}) of the
 * catalogue, in the partner's colours when the link names it (?client=), and an HTML 404 page
 * for a slug the catalogue does not have: a person's browser tab never shows a JSON error.
 */
const itemPagesRoutes: FastifyPluginAsync = async (app) => {
  const readClientConfig = createClientConfigReader(app.db);

  async function clientOf(id: string | undefined): Promise<ClientConfig | null> {
    if (!id) return null;
    try {
      return await readClientConfig(id);
    } catch (error) {
      app.log.error({ err: error }, 'item page: could not read the client');
      return null;
    }
  }

  const page = (kind: 'pack' | 'item') =>
    async function answer(request: FastifyRequest, reply: FastifyReply) {
      const slug = text((request.params as { slug?: unknown }).slug);
      const client = await clientOf(text((request.query as { client?: unknown }).client));
      const mode = client ? modeConfigFor(client, 'sdk') : {};
      const theme: PageTheme = {
        main: mode.main_color,
        dark: mode.background_logo_color,
        partner: client?.name ?? null,
      };
      const item = slug ? findItemPage(await app.catalogue(), kind, slug, client) : null;
      reply
        .header('content-security-policy', PAGE_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      if (!item) return reply.code(404).send(notFoundPageHtml(kind, theme));
      return reply.send(itemPageHtml(item, theme));
    };

  const schema = { hide: true };
  app.get('/servicios-disponibles/packs/:slug', { schema }, page('pack'));
  app.get('/wiki/:slug', { schema }, page('item'));
};

export default itemPagesRoutes;
