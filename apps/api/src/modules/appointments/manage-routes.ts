import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import {
  APPOINTMENT_TOKEN_HEADER,
  appointmentParamsSchema,
  scheduleBodySchema,
} from '@visita/domain/contract/appointments';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import {
  bookingViewSchema,
  cancelBookingAnswerSchema,
  rescheduleAnswerSchema,
} from '@visita/domain/contract/manage-booking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refineSafeText } from '../../text-guards.ts';
import { appointmentAccessOf, requireAppointmentAccess } from './access.ts';
import { bookingView, cancelBooking, rescheduleBooking } from './manage.ts';

const accessDescription =
  `Requiere el token de la cita o el de un enlace de un correo (encabezado ${APPOINTMENT_TOKEN_HEADER}), ` +
  'o el token de API del cliente de la cita como Authorization: Bearer. Sin acceso, o con un id desconocido, responde 404.';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** After the booking: 'Tu reserva', cancelling and moving it. */
const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.manageBooking.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        tags: ['appointments'],
        summary:
          'La reserva como la ve quien la hizo: qué, para quién, cuándo, dónde, lo pagado y si aún se puede cambiar',
        description: accessDescription,
        params: appointmentParamsSchema,
        response: { 200: bookingViewSchema, ...errors },
      },
    },
    async (request) => bookingView(app.db, await app.catalogue(), appointmentAccessOf(request)),
  );

  app.post(
    ENDPOINTS.cancelAppointment.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        tags: ['appointments'],
        summary: 'Cancela la reserva, libera el bloque de la enfermera y reembolsa el pago con tarjeta',
        description:
          `${accessDescription} Una cita confirmada se cancela hasta las horas de anticipación del ` +
          'perfil del socio (24 por defecto; el personal del cliente, hasta el inicio de la visita); 409 change-window-closed después.',
        params: appointmentParamsSchema,
        body: z.object({}).optional(),
        response: { 200: cancelBookingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const access = appointmentAccessOf(request);
      const answer = await cancelBooking(app.db, access);
      await app.changes.publish({ topic: 'availability', sectorId: access.appointment.sectorId ?? null });
      return answer;
    },
  );

  app.post(
    ENDPOINTS.rescheduleAppointment.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        tags: ['appointments'],
        summary: 'Cambia la visita confirmada a otro bloque, sin nuevo pago',
        description:
          `${accessDescription} El nuevo bloque queda tomado y el anterior libre en una sola transacción; ` +
          'con las mismas reglas de anticipación que la cancelación. 409 block-not-available si nadie puede tomarlo.',
        params: appointmentParamsSchema,
        body: refineSafeText(scheduleBodySchema),
        response: { 200: rescheduleAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const access = appointmentAccessOf(request);
      const answer = await rescheduleBooking(app.db, access, {
        beginDate: request.body.begin_date,
        endDate: request.body.end_date,
        catalogue: await app.catalogue(),
      });
      await app.changes.publish({ topic: 'availability', sectorId: access.appointment.sectorId ?? null });
      return answer;
    },
  );
};

export default manageRoutes;
