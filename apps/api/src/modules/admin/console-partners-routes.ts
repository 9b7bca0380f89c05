import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleActor, operatorOfRequest } from '../../plugins/app/console-session.ts';
import type { FastifyRequest } from 'fastify';
import { listEntityAudit } from '../audit/queries.ts';
import { findClientById } from '../clients/queries.ts';
import { listPartners } from './partner-queries.ts';
import { refuseInvalidBody } from './partner-routes.ts';
import {
  type Actor,
  createPartner,
  partnerNotFound,
  patchPartner,
  revokeApiToken,
  rotateApiToken,
  toPartnerAnswer,
} from './partners.ts';

/** The console's operator as the partner's audit log names them (actor and operator id). */
const actorOf = (request: FastifyRequest): Actor => {
  const operator = operatorOfRequest(request);
  return { name: consoleActor(operator), operatorId: operator.operatorId };
};

/** `?confirm_source_rules=a,b`: the partners the admin confirms a source-wide rule change for. */
const confirmationOf = (query: { confirm_source_rules?: string | undefined }) =>
  query.confirm_source_rules?.split(',');

/**
 * The console's partners (partners.manage, admins only): the operator API's own service, so a
 * document is checked, saved in one transaction, audited (the operator as actor) and heard by
 * every instance exactly as through /api/admin/partners.
 */
const consolePartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { console: { permission: 'partners.manage' } } as const;
  const changed = (id: string) => app.changes.publish({ topic: 'client', clientId: id });
  const checks = { webhookAllowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE };

  app.get(
    ENDPOINTS.consolePartnerDocuments.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consolePartnerDocuments,
        tags: ['console'],
        summary: 'Socios: id, nombre, país, fuente de venta, dominios y si tienen token de personal',
      },
    },
    async () => ({
      results: (await listPartners(app.db)).map((row) => {
        const { id, name, country, sales_source, domains, has_api_token, created_at } = toPartnerAnswer(row);
        return { id, name, country, sales_source, domains, has_api_token, created_at };
      }),
    }),
  );

  app.get(
    ENDPOINTS.consolePartnerDocument.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consolePartnerDocument,
        tags: ['console'],
        summary: 'El documento de un socio (el secreto del webhook enmascarado)',
      },
    },
    async (request) => {
      const row = await findClientById(app.db, request.params.id);
      if (!row) throw partnerNotFound();
      return toPartnerAnswer(row);
    },
  );

  app.post(
    ENDPOINTS.consoleCreatePartner.path,
    {
      config: manage,
      attachValidation: true,
      schema: {
        ...SCHEMAS.consoleCreatePartner,
        tags: ['console'],
        summary: 'Crea un socio (id, nombre, país y fuente de venta; el resto con sus valores por defecto)',
      },
    },
    async (request, reply) => {
      refuseInvalidBody(request);
      const row = await createPartner(
        app.db,
        request.body,
        actorOf(request),
        checks,
        confirmationOf(request.query),
      );
      await changed(row.id);
      return reply.code(201).send(toPartnerAnswer(row));
    },
  );

  app.patch(
    ENDPOINTS.consoleUpdatePartner.path,
    {
      config: manage,
      attachValidation: true,
      schema: {
        ...SCHEMAS.consoleUpdatePartner,
        tags: ['console'],
        summary: 'Cambia los campos enviados de un socio, en una transacción y auditado',
      },
    },
    async (request) => {
      refuseInvalidBody(request);
      const row = await patchPartner(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        checks,
        confirmationOf(request.query),
      );
      await changed(row.id);
      return toPartnerAnswer(row);
    },
  );

  app.post(
    ENDPOINTS.consoleRotatePartnerToken.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleRotatePartnerToken,
        tags: ['console'],
        summary: 'Crea o rota el token de API del personal del socio (se muestra una sola vez)',
      },
    },
    async (request, reply) => {
      const token = await rotateApiToken(app.db, request.params.id, actorOf(request));
      await changed(request.params.id);
      return reply.code(201).send({ api_token: token });
    },
  );

  app.delete(
    ENDPOINTS.consoleRevokePartnerToken.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleRevokePartnerToken,
        tags: ['console'],
        summary: 'Revoca el token de API del personal del socio',
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.db, request.params.id, actorOf(request));
      await changed(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    ENDPOINTS.consolePartnerAudit.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consolePartnerAudit,
        tags: ['console'],
        summary: 'Los cambios del socio: quién, cuándo, antes y después (los más recientes primero)',
      },
    },
    async (request) => {
      if (!(await findClientById(app.db, request.params.id))) throw partnerNotFound();
      const rows = await listEntityAudit(app.db, {
        entityType: 'partner',
        entityId: request.params.id,
        limit: request.query.limit,
      });
      return {
        results: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: row.actor,
          action: row.action,
          partner_id: row.partnerId,
          entity_type: row.entityType,
          entity_id: row.entityId,
          before: row.before,
          after: row.after,
        })),
      };
    },
  );
};

export default consolePartnerRoutes;
