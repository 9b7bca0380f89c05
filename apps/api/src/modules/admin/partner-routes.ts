import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findClientById } from '../clients/queries.ts';
import { operatorOf, requireAdmin } from './admin-auth.ts';
import { listAuditEntries, listPartners } from './partner-queries.ts';
import {
  createPartner,
  InvalidPartner,
  partnerEmployees,
  partnerNotFound,
  patchPartner,
  replacePartnerEmployees,
  revokeApiToken,
  rotateApiToken,
  toPartnerAnswer,
} from './partners.ts';

const DESCRIPTION =
  'Requiere Authorization: Bearer <ADMIN_TOKEN> (y opcionalmente X-Operator con el nombre de quien ' +
  'opera, para el registro de auditoría). Sin ADMIN_TOKEN configurado responde 404.';

/**
 * A document the schema refused: every field's problem at once (an operator fixes them in one
 * go), instead of the first one only as other routes answer.
 */
export function refuseInvalidBody(request: FastifyRequest): void {
  const failure = request.validationError as
    | (Error & { validation?: Array<{ instancePath?: string; message?: string; params?: unknown }> })
    | undefined;
  if (!failure) return;
  const fields: Record<string, string> = {};
  for (const issue of failure.validation ?? []) {
    const fromIssue = (issue.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.');
    const path = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || fromIssue || '(documento)';
    fields[path] ??= issue.message ?? 'No es válido.';
  }
  throw new InvalidPartner(Object.keys(fields).length > 0 ? fields : { '(documento)': failure.message });
}

/** `?confirm_source_rules=a,b`: the partners the operator confirms a source-wide rule change for. */
const confirmationOf = (query: { confirm_source_rules?: string | undefined }) =>
  query.confirm_source_rules?.split(',');

/** The operator's partner API: partners as data, each change audited and heard by every instance. */
const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireAdmin(app.config.ADMIN_TOKEN);
  // A partner's config, domains and rules are cached per instance: tell them all.
  const changed = (id: string) => app.changes.publish({ topic: 'client', clientId: id });
  const checks = { webhookAllowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE };

  app.get(
    ENDPOINTS.adminListPartners.path,
    {
      onRequest,
      schema: {
        ...SCHEMAS.adminListPartners,
        tags: ['admin'],
        summary: 'Socios: id, nombre, país, fuente de venta y dominios',
        description: DESCRIPTION,
      },
    },
    async () => ({
      results: (await listPartners(app.db)).map((row) => {
        const { id, name, country, sales_source, domains, created_at } = toPartnerAnswer(row);
        return { id, name, country, sales_source, domains, created_at };
      }),
    }),
  );

  app.get(
    ENDPOINTS.adminGetPartner.path,
    {
      onRequest,
      schema: {
        ...SCHEMAS.adminGetPartner,
        tags: ['admin'],
        summary: 'El documento de un socio (secretos enmascarados)',
        description: DESCRIPTION,
      },
    },
    async (request) => {
      const row = await findClientById(app.db, request.params.id);
      if (!row) throw partnerNotFound();
      return toPartnerAnswer(row);
    },
  );

  app.post(
    ENDPOINTS.adminCreatePartner.path,
    {
      onRequest,
      attachValidation: true,
      schema: {
        ...SCHEMAS.adminCreatePartner,
        tags: ['admin'],
        summary: 'Crea un socio',
        description: DESCRIPTION,
      },
    },
    async (request, reply) => {
      refuseInvalidBody(request);
      const row = await createPartner(
        app.db,
        request.body,
        operatorOf(request),
        checks,
        confirmationOf(request.query),
      );
      await changed(row.id);
      return reply.code(201).send(toPartnerAnswer(row));
    },
  );

  app.patch(
    ENDPOINTS.adminUpdatePartner.path,
    {
      onRequest,
      attachValidation: true,
      schema: {
        ...SCHEMAS.adminUpdatePartner,
        tags: ['admin'],
        summary: 'Cambia los campos enviados de un socio (el perfil, clave por clave)',
        description: DESCRIPTION,
      },
    },
    async (request) => {
      refuseInvalidBody(request);
      const row = await patchPartner(
        app.db,
        request.params.id,
        request.body,
        operatorOf(request),
        checks,
        confirmationOf(request.query),
      );
      await changed(row.id);
      return toPartnerAnswer(row);
    },
  );

  app.post(
    ENDPOINTS.adminIssuePartnerToken.path,
    {
      onRequest,
      schema: {
        ...SCHEMAS.adminIssuePartnerToken,
        tags: ['admin'],
        summary: 'Crea o rota el token de API del personal del socio (se muestra una sola vez)',
        description: DESCRIPTION,
      },
    },
    async (request, reply) => {
      const token = await rotateApiToken(app.db, request.params.id, operatorOf(request));
      await changed(request.params.id);
      return reply.code(201).send({ api_token: token });
    },
  );

  app.get(
    ENDPOINTS.adminGetPartnerEmployees.path,
    {
      onRequest,
      schema: {
        ...SCHEMAS.adminGetPartnerEmployees,
        tags: ['admin'],
        summary: 'La nómina de una empresa con pago compartido: los documentos de quienes paga',
        description: DESCRIPTION,
      },
    },
    async (request) => partnerEmployees(app.db, request.params.id),
  );

  app.put(
    ENDPOINTS.adminReplacePartnerEmployees.path,
    {
      onRequest,
      schema: {
        ...SCHEMAS.adminReplacePartnerEmployees,
        tags: ['admin'],
        summary: 'Reemplaza la nómina de la empresa (solo a ellos puede cargarles exámenes)',
        description: DESCRIPTION,
      },
    },
    async (request) =>
      replacePartnerEmployees(app.db, request.params.id, request.body.documents, operatorOf(request)),
  );

  app.delete(
    ENDPOINTS.adminRevokePartnerToken.path,
    {
      onRequest,
      schema: {
        ...SCHEMAS.adminRevokePartnerToken,
        tags: ['admin'],
        summary: 'Revoca el token de API del personal del socio',
        description: DESCRIPTION,
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.db, request.params.id, operatorOf(request));
      await changed(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    ENDPOINTS.adminAudit.path,
    {
      onRequest,
      schema: {
        ...SCHEMAS.adminAudit,
        tags: ['admin'],
        summary: 'Registro de cambios de socios: quién, cuándo, antes y después',
        description: DESCRIPTION,
      },
    },
    async (request) => ({
      results: (
        await listAuditEntries(app.db, { partnerId: request.query.partner_id, limit: request.query.limit })
      ).map((row) => ({
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
    }),
  );
};

export default partnerRoutes;
