import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { ERROR_REPORT_CONTEXT_KEYS, ERROR_REPORT_ORIGINS } from '@visita/domain/contract/error-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createErrorTracker } from '../../adapters/error-tracker/create-error-tracker.ts';
import { toTrackedError } from './service.ts';

/** The widget's failure reports: masked, logged, and forwarded to the error tracker when there is one. */
const errorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tracker = createErrorTracker(app.config.ERROR_TRACKER_URL);

  app.post(
    ENDPOINTS.errorReports.path,
    {
      config: { ipRateLimit: 'error-reports' },
      schema: {
        ...SCHEMAS.errorReports,
        tags: ['errors'],
        summary: 'Recibe el reporte de una falla del widget',
        description:
          `origin: ${ERROR_REPORT_ORIGINS.join(', ')}. Del contexto solo se conserva ` +
          `${ERROR_REPORT_CONTEXT_KEYS.join(', ')}; correos, RUT, teléfonos, tokens y valores secretos ` +
          'o personales se enmascaran, como se escriban o codifiquen, antes de registrarlo; se ' +
          'reenvía al rastreador de errores cuando ERROR_TRACKER_URL está configurada. Responde 202 ' +
          'sin esperar al rastreador.',
      },
    },
    async (request, reply) => {
      const report = toTrackedError(request.body);
      request.log.warn({ errorReport: report }, 'widget error report');
      // The person's widget does not wait for the tracker, nor learns whether it answered.
      void tracker.send(report).then((sent) => {
        if (tracker.kind === 'http' && !sent) request.log.warn('error tracker did not take the report');
      });
      return reply.code(202).send({ received: true as const });
    },
  );
};

export default errorsRoutes;
