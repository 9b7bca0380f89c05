import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../errors.ts';
import { operatorOfRequest } from '../../plugins/app/console-session.ts';
import { dailyReport, dailyReportCsv, dailyReportFilename } from './daily-report.ts';

/**
 * The partner a report covers: the one asked for, or every one; a `partner` operator only its
 * own (none asked: its own), another's is refused.
 */
function reportPartner(request: FastifyRequest, asked: string | undefined): string | undefined {
  const operator = operatorOfRequest(request);
  if (operator.role !== 'partner') return asked;
  if (!operator.clientId) throw fail(ERRORS.CONSOLE_FORBIDDEN_PARTNER);
  if (asked !== undefined && asked !== operator.clientId) throw fail(ERRORS.CONSOLE_FORBIDDEN_PARTNER);
  return operator.clientId;
}

/** The console's reports (reports.read): the daily report per partner, as JSON and as CSV. */
const consoleReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'reports.read' } } as const;

  app.get(
    ENDPOINTS.consoleDailyReport.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleDailyReport,
        tags: ['console'],
        summary:
          'Informe diario por socio: reservas, pagado en línea, a cobrar en domicilio, descuentos, devoluciones, facturado a empresas y cancelaciones; totales por moneda',
      },
    },
    async (request) => {
      const { from, to, client_id } = request.query;
      return dailyReport(app.db, await app.catalogue(), {
        from,
        to,
        clientId: reportPartner(request, client_id),
      });
    },
  );

  app.get(
    ENDPOINTS.consoleDailyReportCsv.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleDailyReportCsv,
        tags: ['console'],
        summary: 'El informe diario por socio como archivo CSV (las mismas filas)',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { from, to, client_id } = request.query;
      const query = { from, to, clientId: reportPartner(request, client_id) };
      const csv = dailyReportCsv(await dailyReport(app.db, await app.catalogue(), query));
      return reply
        .header('content-disposition', `attachment; filename="${dailyReportFilename(query)}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
};

export default consoleReportRoutes;
