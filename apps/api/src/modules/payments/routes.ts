import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { IDEMPOTENCY_KEY_HEADER } from '@visita/domain/contract/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentGateway } from '../../adapters/payments/create-payment-gateway.ts';
import { GatewayUnavailableError, type PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import { isSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import type { Db } from '../../db/database.ts';
import { readBearerToken } from '../../plugins/app/client-auth.ts';
import {
  type AppointmentAccess,
  appointmentAccessOf,
  appointmentTokenMatches,
  authorizeAppointment,
  isAppointmentId,
  readAppointmentToken,
  requireAppointmentAccess,
} from '../appointments/access.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { createSandboxCardToken, payByCard } from './card.ts';
import { payInCash } from './cash.ts';
import { paymentsConfig } from './quote.ts';
import { isSignedByGateway, onGatewayNotification } from './notifications.ts';
import * as ERRORS from '@visita/domain/contract/api-errors';
import { fail } from '../../errors.ts';

interface PaymentsRoutesOptions {
  /** Tests pass a gateway; the server uses the one PAYMENTS names. */
  gateway?: PaymentGateway;
}

/**
 * The card call sends `Authorization: Bearer`: the widget's Bearer is the appointment
 * token. The appointment header and the client's own API token are accepted as everywhere else.
 */
async function authorizeCardPayment(db: Db, request: FastifyRequest, id: string): Promise<AppointmentAccess> {
  const bearer = readBearerToken(request.headers);
  if (bearer && !readAppointmentToken(request.headers) && isAppointmentId(id)) {
    const appointment = await findAppointmentById(db, id);
    if (appointment && appointmentTokenMatches(bearer, appointment.tokenHash))
      return { appointment, token: bearer, staff: false, via: 'token' };
  }
  return authorizeAppointment(db, request, id);
}

const accessDescription =
  `Requiere el token de la cita (Authorization: Bearer <token> o el encabezado ${APPOINTMENT_TOKEN_HEADER}), ` +
  'o el token de API del cliente de la cita. Sin acceso, o con un id desconocido, responde 404.';

/** Card payment, pay at home, the browser's gateway settings and the sandbox's card tokens. */
const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, options) => {
  const gateway = options.gateway ?? createPaymentGateway(app.config, app.db);

  app.get(
    ENDPOINTS.paymentsConfig.path,
    {
      schema: {
        ...SCHEMAS.paymentsConfig,
        tags: ['payments'],
        summary: 'Pasarela de pago en uso y la clave pública del país para tokenizar la tarjeta',
      },
    },
    async (request) => paymentsConfig(gateway, request.query.country),
  );

  app.post(
    ENDPOINTS.cardPayment.path,
    {
      schema: {
        ...SCHEMAS.cardPayment,
        tags: ['payments'],
        summary: 'Paga la cita con tarjeta (token, payment_method_id, amount, customer_id)',
        description:
          `${accessDescription} Solo una cita agendada (scheduled) se paga; amount debe ser el monto de la ` +
          'cotización del servidor (net_price − payment_at_home). Un reintento con el mismo token (o el ' +
          `mismo encabezado ${IDEMPOTENCY_KEY_HEADER}) cobra una sola vez. Aprobado: 200 approved y la cita ` +
          'queda confirmada. En revisión: 200 in_process. Rechazado: 402 {err: cc_rejected_…, msg}.',
      },
    },
    async (request) => {
      const { appointment } = await authorizeCardPayment(app.db, request, request.params.id);
      const context = {
        db: app.db,
        gateway,
        catalogue: await app.catalogue(),
        log: request.log,
        leaseMs: app.config.PAYMENT_LEASE_MS,
      };
      return payByCard(context, appointment, request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
    },
  );

  // MercadoPago's notifications exist only with their secret: without it nothing could tell them
  // from anyone's, and payments in review are read again on a schedule anyway.
  const notificationSecret = app.config.MP_WEBHOOK_SECRET;
  if (notificationSecret) {
    app.post(
      ENDPOINTS.gatewayNotification.path,
      {
        schema: {
          ...SCHEMAS.gatewayNotification,
          tags: ['payments'],
          summary: 'Notificación de pago de MercadoPago (webhook)',
          description:
            'Firmada por MercadoPago (x-signature con MP_WEBHOOK_SECRET, x-request-id); sin firma válida ' +
            'responde 401. El pago se vuelve a leer desde MercadoPago y se concilia; el contenido de la ' +
            'notificación no decide nada y repetirla no cambia nada. Si MercadoPago no responde, 503 ' +
            '(MercadoPago la reenvía). Solo existe con MP_WEBHOOK_SECRET.',
        },
      },
      async (request) => {
        const body = request.body ?? {};
        const dataId =
          request.query['data.id'] ?? (body.data?.id === undefined ? undefined : String(body.data.id));
        const signed = isSignedByGateway(
          notificationSecret,
          request.headers['x-signature'],
          request.headers['x-request-id'],
          dataId,
        );
        if (!signed) throw fail(ERRORS.INVALID_NOTIFICATION_SIGNATURE);
        const topic = request.query.type ?? request.query.topic ?? body.type;
        if (topic === 'payment' && dataId) {
          try {
            await onGatewayNotification({ db: app.db, gateway, log: request.log }, dataId);
          } catch (error) {
            // MercadoPago unreachable: a 503 has it send the notification again later.
            if (error instanceof GatewayUnavailableError) throw fail(ERRORS.NOTIFICATION_GATEWAY_UNREACHABLE);
            throw error;
          }
        }
        return { received: true as const };
      },
    );
  }

  app.post(
    ENDPOINTS.cashPayment.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.cashPayment,
        tags: ['payments'],
        summary: 'Pago en domicilio: confirma la cita (In address, Partner)',
        description:
          `Requiere el token de la cita en el encabezado ${APPOINTMENT_TOKEN_HEADER}, o el token de API del ` +
          'cliente como Authorization: Bearer. Solo una cita agendada; donde se ofrece el pago en domicilio ' +
          '(México), para las fuentes que confirman manualmente y para el personal del cliente.',
      },
    },
    async (request) => {
      const { appointment, staff } = appointmentAccessOf(request);
      return payInCash(app.db, await app.catalogue(), appointment, staff);
    },
  );

  // The sandbox's tokeniser stands in for MercadoPago.js; with the real gateway it does not exist.
  if (isSandboxGateway(gateway)) {
    const sandbox = gateway;
    app.post(
      ENDPOINTS.sandboxCardTokens.path,
      {
        schema: {
          ...SCHEMAS.sandboxCardTokens,
          tags: ['payments'],
          summary: 'Token de tarjeta de la pasarela de prueba (solo PAYMENTS=sandbox)',
          description:
            'El nombre del titular decide el resultado como en las tarjetas de prueba de MercadoPago: APRO, ' +
            'CONT, CALL, FUND, SECU, EXPI, FORM, OTHE. Nunca se guarda el número ni el código de seguridad.',
        },
      },
      async (request, reply) => reply.code(201).send(await createSandboxCardToken(sandbox, request.body)),
    );
  }
};

export default paymentsRoutes;
