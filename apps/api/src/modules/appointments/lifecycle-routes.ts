import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { summaryQuote } from '../payments/quote.ts';
import { appointmentAccessOf, requireAppointmentAccess } from './access.ts';
import { manualConfirm, toPaymentSummary } from './confirmation.ts';
import { setAmount, setLastMile, setOrigin } from './staff-fields.ts';

const accessDescription =
  `Requiere el token de la cita en el encabezado ${APPOINTMENT_TOKEN_HEADER}, o el token de API ` +
  'del cliente de la cita como Authorization: Bearer. Sin acceso, o con un id desconocido, responde 404.';

/** The appointment lifecycle after scheduling: manual confirmation, payment summary, amount, last mile. */
const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ENDPOINTS.manualConfirm.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.manualConfirm,
        tags: ['appointments'],
        summary: 'Confirma la cita sin pago con tarjeta (pago en domicilio, socio o laas)',
        description:
          `${accessDescription} Solo una cita agendada (scheduled) se confirma; la reserva de la ` +
          'enfermera queda permanente. Solo si la configuración del cliente lo permite a quien llama: ' +
          'sdk_config_v2.manual_confirmation con el token de la cita, laas_config_v2.manual_confirmation ' +
          'con el token de API del cliente. El estado de pago lo decide el servidor (payment_status se ignora). ' +
          'Las visitas confirmadas sin pago (nada en línea ni a la empresa) desde una dirección se limitan ' +
          'por día: UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY por navegador y UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY ' +
          'por dirección (429 too-many-unpaid-confirmations); el token de API no cuenta.',
      },
    },
    async (request) => {
      const { appointment, staff } = appointmentAccessOf(request);
      return manualConfirm(app.db, await app.catalogue(), appointment, staff, request.body, new Date(), {
        perBrowser: app.config.UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY,
        perAddress: app.config.UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY,
      });
    },
  );

  app.get(
    ENDPOINTS.paymentSummary.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.paymentSummary,
        tags: ['payments'],
        summary: 'Resumen de pago de la cita (data.appointment)',
        description: accessDescription,
      },
    },
    async (request) => {
      const { appointment } = appointmentAccessOf(request);
      return toPaymentSummary(appointment, await summaryQuote(app.db, await app.catalogue(), appointment));
    },
  );

  app.post(
    ENDPOINTS.appointmentAmount.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.appointmentAmount,
        tags: ['appointments'],
        summary: 'Monto a pagar: subtotal (total) y descuento; calcula IVA (según el país) y total',
        description:
          `${accessDescription} total es el Subtotal del paso y discount la Promoción / Descuento ` +
          '(monto); la respuesta trae subtotal, discount, iva y total. El IVA es el del país de la ' +
          'cita: 19 % en Chile, en pesos enteros; 16 % en México, con 2 decimales.',
      },
    },
    async (request) => setAmount(app.db, appointmentAccessOf(request).appointment, request.body),
  );

  app.patch(
    ENDPOINTS.lastMile.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.lastMile,
        tags: ['appointments'],
        summary: 'Folio y monto de última milla (solo clientes de última milla)',
        description: accessDescription,
      },
    },
    async (request) => setLastMile(app.db, appointmentAccessOf(request).appointment, request.body),
  );

  app.patch(
    ENDPOINTS.appointmentOrigin.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.appointmentOrigin,
        tags: ['appointments'],
        summary: 'Origen de la cita elegido por el personal del cliente',
        description:
          `${accessDescription} Solo con el token de API del cliente (Bearer); con el token de la ` +
          'cita responde 403. El GET de la cita lo devuelve como client_origin al mismo personal.',
      },
    },
    async (request) => {
      const { appointment, staff } = appointmentAccessOf(request);
      return setOrigin(app.db, { appointment, staff }, request.body);
    },
  );
};

export default lifecycleRoutes;
