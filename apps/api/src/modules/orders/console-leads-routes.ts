import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage } from '../../adapters/storage/create-storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { operatorOfRequest } from '../../plugins/app/console-session.ts';
import {
  addLeadNote,
  findLead,
  leadDetail,
  listLeads,
  readLeadFile,
  sendLeadCart,
  setLeadStatus,
} from './console-leads.ts';

/**
 * A lead's file as the console shows it inline: only its stored type (judged by content at
 * upload), never sniffed, in a sandbox without scripts, never cached by a shared cache.
 */
const LEAD_FILE_POLICY = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** The console's medical orders (leads): leads.read reads, leads.write changes. */
const consoleLeadRoutes: FastifyPluginAsyncZod<{ storage?: FileStorage }> = async (app, options) => {
  const storage = options.storage ?? (await createStorage(app.config));
  const read = { console: { permission: 'leads.read' } } as const;
  const write = { console: { permission: 'leads.write' } } as const;
  // Where people reach the widget, as the outbox's e-mails link it (server.ts).
  const publicUrl = app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`;

  app.get(
    ENDPOINTS.consoleLeads.path,
    {
      config: read,
      schema: {
        ...SCHEMAS.consoleLeads,
        tags: ['console'],
        summary:
          'Las órdenes médicas recibidas: por estado, las más recientes o las que más esperan primero, con su plazo de respuesta',
      },
    },
    async (request) => listLeads(app.db, request.query),
  );

  app.get(
    ENDPOINTS.consoleLead.path,
    {
      config: read,
      schema: {
        ...SCHEMAS.consoleLead,
        tags: ['console'],
        summary: 'Una orden médica: contacto, dirección, archivos, notas, historial y el carrito enviado',
      },
    },
    async (request) => leadDetail(app.db, await findLead(app.db, request.params.id), publicUrl),
  );

  app.get(
    ENDPOINTS.consoleLeadFile.path,
    {
      config: read,
      schema: {
        ...SCHEMAS.consoleLeadFile,
        tags: ['console'],
        summary:
          'El archivo de una orden médica, para verlo en la consola: su tipo guardado (PDF, JPEG o PNG), en línea y aislado',
      },
    },
    async (request, reply) => {
      const lead = await findLead(app.db, request.params.id);
      const { file, body } = await readLeadFile(app.db, storage, lead.id, request.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', LEAD_FILE_POLICY)
        .header('cache-control', 'private, no-store')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(body);
    },
  );

  app.post(
    ENDPOINTS.consoleLeadStatus.path,
    {
      config: write,
      schema: {
        ...SCHEMAS.consoleLeadStatus,
        tags: ['console'],
        summary:
          "Cambiar el estado de una orden médica, con una nota opcional ('agendada' la pone la reserva)",
      },
    },
    async (request) =>
      setLeadStatus(
        app.db,
        await findLead(app.db, request.params.id),
        operatorOfRequest(request),
        request.body,
      ),
  );

  app.post(
    ENDPOINTS.consoleLeadNote.path,
    {
      config: write,
      schema: {
        ...SCHEMAS.consoleLeadNote,
        tags: ['console'],
        summary: 'Agregar una nota interna a una orden médica (la persona no la ve)',
      },
    },
    async (request, reply) => {
      const lead = await findLead(app.db, request.params.id);
      await addLeadNote(app.db, lead, operatorOfRequest(request), request.body.text);
      return reply.code(204).send(null);
    },
  );

  app.post(
    ENDPOINTS.consoleLeadCart.path,
    {
      config: write,
      schema: {
        ...SCHEMAS.consoleLeadCart,
        tags: ['console'],
        summary:
          'Armar el carrito de una orden médica y enviar su enlace por correo a quien la subió (la orden queda cotizada)',
      },
    },
    async (request) =>
      sendLeadCart(
        app.db,
        await app.catalogue(),
        await findLead(app.db, request.params.id),
        operatorOfRequest(request),
        request.body,
        publicUrl,
      ),
  );
};

export default consoleLeadRoutes;
