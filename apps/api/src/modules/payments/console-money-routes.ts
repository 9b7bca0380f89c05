import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentGateway } from '../../adapters/payments/create-payment-gateway.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import { operatorOfRequest } from '../../plugins/app/console-session.ts';
import {
  moneyQueue,
  reconcileFromConsole,
  retryRefund,
  settleCompanyPayment,
  writeOff,
} from './console-money.ts';

interface ConsoleMoneyRoutesOptions {
  /** Tests pass a gateway; the server uses the one PAYMENTS names. */
  gateway?: PaymentGateway;
}

/**
 * The console's money that needs a person: the queue (payments.read) and each way out of it
 * (payments.settle). Recording a payment collected at the address is the appointment's own
 * action (POST /console/appointments/:id/payments).
 */
const consoleMoneyRoutes: FastifyPluginAsyncZod<ConsoleMoneyRoutesOptions> = async (app, options) => {
  const gateway = options.gateway ?? createPaymentGateway(app.config, app.db);
  const settle = { console: { permission: 'payments.settle' } } as const;

  app.get(
    ENDPOINTS.consoleMoneyQueue.path,
    {
      config: { console: { permission: 'payments.read' } },
      schema: {
        ...SCHEMAS.consoleMoneyQueue,
        tags: ['console'],
        summary:
          'Pagos que esperan a una persona: en proceso pasado su plazo, confirmadas con pago pendiente, partes por cobrar a la empresa y devoluciones rechazadas',
      },
    },
    async (request) =>
      moneyQueue(app.db, await app.catalogue(), {
        kind: request.query.kind,
        clientId: request.query.client_id,
        limit: request.query.limit,
        leaseMs: app.config.PAYMENT_LEASE_MS,
      }),
  );

  app.post(
    ENDPOINTS.consoleReconcilePayment.path,
    {
      config: settle,
      schema: {
        ...SCHEMAS.consoleReconcilePayment,
        tags: ['console'],
        summary:
          'Conciliar con la pasarela un pago en proceso pasado su plazo: aprobado confirma la visita, sin cobro queda rechazado',
      },
    },
    async (request) =>
      reconcileFromConsole(
        { db: app.db, gateway, log: request.log, leaseMs: app.config.PAYMENT_LEASE_MS },
        request.params.id,
        operatorOfRequest(request),
      ),
  );

  app.post(
    ENDPOINTS.consoleRetryRefund.path,
    {
      config: settle,
      schema: {
        ...SCHEMAS.consoleRetryRefund,
        tags: ['console'],
        summary: 'Volver a pedir a la pasarela una devolución que rechazó',
      },
    },
    async (request) =>
      retryRefund({ db: app.db, gateway, log: request.log }, request.params.id, operatorOfRequest(request)),
  );

  app.post(
    ENDPOINTS.consoleSettleCompanyPayment.path,
    {
      config: settle,
      schema: {
        ...SCHEMAS.consoleSettleCompanyPayment,
        tags: ['console'],
        summary: 'Dar por cobrada a la empresa su parte de una cita (pago dividido), con una referencia',
      },
    },
    async (request, reply) => {
      await settleCompanyPayment(
        app.db,
        request.params.id,
        operatorOfRequest(request),
        request.body.reference,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    ENDPOINTS.consoleWriteOff.path,
    {
      config: settle,
      schema: {
        ...SCHEMAS.consoleWriteOff,
        tags: ['console'],
        summary:
          'Castigar con un motivo lo que se adeuda de una cita: el pago pendiente de cobrar en domicilio o la parte de la empresa',
      },
    },
    async (request) =>
      writeOff(app.db, await app.catalogue(), request.params.id, operatorOfRequest(request), request.body),
  );
};

export default consoleMoneyRoutes;
