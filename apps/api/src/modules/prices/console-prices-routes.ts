import { type ConsolePriceDiff, PRICE_IMPORT_MAX_CHARS } from '@visita/domain/contract/console-prices';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOfRequest } from '../../plugins/app/console-session.ts';
import { listPrices, pricesCsv, pricesCsvFilename, setPrice } from './console-prices.ts';
import { applyPriceImport, dryRunPriceImport } from './price-import.ts';

/**
 * An import's body: the file as JSON text (each character at most 6 bytes escaped, in practice
 * about one) under its own limit, above the API's 1 MB: past it 413 before anything is parsed.
 */
const IMPORT_BODY_LIMIT = 2 * PRICE_IMPORT_MAX_CHARS + 64 * 1024;

/** The console's prices (prices.manage): list, set one, export and import as CSV. */
const consolePriceRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'prices.manage' } } as const;

  app.get(
    ENDPOINTS.consolePrices.path,
    {
      config,
      schema: {
        ...SCHEMAS.consolePrices,
        tags: ['console'],
        summary:
          'Los ítems de un país con su precio base, promoción, precio y copago Fonasa, y los precios que difieren por fuente de venta o comuna',
      },
    },
    async (request) => listPrices(app.db, request.query),
  );

  app.put(
    ENDPOINTS.consoleSetPrice.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleSetPrice,
        tags: ['console'],
        summary:
          'Fijar el precio de un ítem para una fuente de venta, una comuna o ambas (lo agrega o lo cambia); el widget lo cotiza al instante',
      },
    },
    async (request) => setPrice(app.db, app.changes, operatorOfRequest(request), request.body),
  );

  app.get(
    ENDPOINTS.consolePricesCsv.path,
    {
      config,
      schema: {
        ...SCHEMAS.consolePricesCsv,
        tags: ['console'],
        summary:
          'Los precios que difieren por fuente de venta o comuna, como archivo CSV (las columnas que lee la importación)',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await pricesCsv(app.db, request.query);
      return reply
        .header('content-disposition', `attachment; filename="${pricesCsvFilename(request.query)}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.post(
    ENDPOINTS.consolePriceImport.path,
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...SCHEMAS.consolePriceImport,
        tags: ['console'],
        summary:
          'Revisar un CSV de precios sin escribir nada: filas agregadas, cambiadas, quitadas (si cubre una fuente entera) y rechazadas con su motivo',
      },
    },
    // The diff of a 5,000-row file is built from checked rows and declared in the schema (the
    // OpenAPI document shows it), and answered as the JSON text dryRunPriceImport writes in turns:
    // serializing (or re-validating) its thousands of entries at once held the event loop for tens
    // of ms per import while availability and search waited.
    // (A JSON string with its content type is sent as it is, never serialized again.)
    async (request, reply) => {
      const text = await dryRunPriceImport(app.db, request.body);
      return reply.type('application/json; charset=utf-8').send(text as unknown as ConsolePriceDiff);
    },
  );

  app.post(
    ENDPOINTS.consolePriceImportApply.path,
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...SCHEMAS.consolePriceImportApply,
        tags: ['console'],
        summary:
          'Aplicar un CSV de precios revisado, en una transacción; se rechaza si los precios cambiaron desde la revisión',
      },
    },
    async (request) => applyPriceImport(app.db, app.changes, operatorOfRequest(request), request.body),
  );
};

export default consolePriceRoutes;
