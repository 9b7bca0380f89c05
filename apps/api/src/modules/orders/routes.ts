import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { CLIENT_ID_HEADER, ORDER_FORM_FIELDS, ORDER_UPLOAD_LIMITS } from '@visita/domain/contract/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage } from '../../adapters/storage/create-storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { fail } from '../../errors.ts';
import { clientAddressKey } from '../../plugins/app/client-address.ts';
import { findClientByApiToken, readBearerToken } from '../../plugins/app/client-auth.ts';
import { createTicket, listMedicalOrders } from './service.ts';

/** Staff only: the client comes from its Bearer API token, and sees its own orders alone. */
async function staffClient(request: FastifyRequest) {
  const token = readBearerToken(request.headers);
  if (!token) throw fail(ERRORS.CLIENT_TOKEN_MISSING);
  const client = await findClientByApiToken(request.server.db, token);
  if (!client) throw fail(ERRORS.CLIENT_TOKEN_INVALID);
  return client;
}

const UPLOAD_DESCRIPTION = [
  `multipart/form-data: el campo de texto '${ORDER_FORM_FIELDS.lead}' (el JSON del lead) y`,
  `'${ORDER_FORM_FIELDS.path}' (texto, opcional), y de 1 a ${ORDER_UPLOAD_LIMITS.maxFiles} archivos`,
  `'${ORDER_FORM_FIELDS.file}' (PDF, JPEG o PNG según su contenido; ${ORDER_UPLOAD_LIMITS.maxFileBytes}`,
  `bytes cada uno como máximo). El cliente va en ?client_id= o en la cabecera ${CLIENT_ID_HEADER}.`,
  'Conviene enviar el lead antes que los archivos: así un lead inválido se rechaza sin subirlos.',
].join(' ');

/** Medical-order upload and the staff list of orders received. */
const ordersRoutes: FastifyPluginAsyncZod<{ storage?: FileStorage }> = async (app, options) => {
  const storage = options.storage ?? (await createStorage(app.config));
  // Registered here only: no other route accepts multipart. Limits are set per request (upload.ts).
  await app.register(multipart);
  // Anyone can upload (a patient has no account): per address, so nobody fills the storage.
  // Counted in the database like the other per-address limits, an IPv6 client by its /64.
  await app.register(rateLimit, {
    global: false,
    store: app.rateLimitStore,
    skipOnError: true,
    keyGenerator: (request) => clientAddressKey(request.ip),
    errorResponseBuilder: () => fail(ERRORS.TOO_MANY_UPLOADS),
  });

  app.post(
    ENDPOINTS.createTicket.path,
    {
      config: { rateLimit: { max: app.config.ORDER_UPLOADS_PER_MINUTE, timeWindow: 60_000 } },
      // Before the body schema runs: anything but multipart is refused with its own answer.
      preValidation: async (request) => {
        if (!request.isMultipart()) throw fail(ERRORS.NOT_MULTIPART);
      },
      schema: {
        ...SCHEMAS.createTicket,
        tags: ['orders'],
        summary: 'Recibe una orden médica (archivos y datos de contacto y dirección)',
        description: UPLOAD_DESCRIPTION,
      },
    },
    async (request) => createTicket(app.db, storage, request, request.query.client_id),
  );

  app.get(
    ENDPOINTS.medicalOrders.path,
    {
      // onRequest: strangers get 401 before anything about their query is checked.
      onRequest: async (request) => {
        await staffClient(request);
      },
      schema: {
        ...SCHEMAS.medicalOrders,
        tags: ['orders'],
        summary: 'Lista las órdenes médicas recibidas por el cliente, las más recientes primero',
        description:
          'Requiere el token de API del cliente como Authorization: Bearer (401 sin él). Sin el contenido de los archivos.',
      },
    },
    async (request) => {
      // The guard already ran; this read answers which client the token is.
      const client = await staffClient(request);
      return listMedicalOrders(app.db, client.id, request.query);
    },
  );
};

export default ordersRoutes;
