import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publishAvailabilityChange } from '../scheduling/availability-changes.ts';
import { appointmentAccessOf, requireAppointmentAccess } from './access.ts';
import { bookingView, cancelBooking, rescheduleBooking } from './manage.ts';

const accessDescription =
  `Requiere el token de la cita o el de un enlace de un correo (encabezado ${APPOINTMENT_TOKEN_HEADER}), ` +
  'o el token de API del cliente de la cita como Authorization: Bearer. Sin acceso, o con un id desconocido, responde 404.';

/** After the booking: 'Tu reserva', cancelling and moving it. */
const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.manageBooking.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.manageBooking,
        tags: ['appointments'],
        summary:
          'La reserva como la ve quien la hizo: qué, para quién, cuándo, dónde, lo pagado y si aún se puede cambiar',
        description: accessDescription,
      },
    },
    async (request) => bookingView(app.db, app.rosters, await app.catalogue(), appointmentAccessOf(request)),
  );

  app.post(
    ENDPOINTS.cancelAppointment.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.cancelAppointment,
        tags: ['appointments'],
        summary: 'Cancela la reserva, libera el bloque de la enfermera y reembolsa el pago con tarjeta',
        description:
          `${accessDescription} Una cita confirmada se cancela hasta las horas de anticipación del ` +
          'perfil del socio (24 por defecto; el personal del cliente, hasta el inicio de la visita); 409 change-window-closed después.',
      },
    },
    async (request) => {
      const access = appointmentAccessOf(request);
      const answer = await cancelBooking(
        app.db,
        access,
        new Date(),
        undefined,
        request.body?.version ?? access.appointment.version,
      );
      await publishAvailabilityChange(app.db, app.rosters, app.changes, access.appointment.sectorId ?? null);
      return answer;
    },
  );

  app.post(
    ENDPOINTS.rescheduleAppointment.path,
    {
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.rescheduleAppointment,
        tags: ['appointments'],
        summary: 'Cambia la visita confirmada a otro bloque, sin nuevo pago',
        description:
          `${accessDescription} El nuevo bloque queda tomado y el anterior libre en una sola transacción; ` +
          'con las mismas reglas de anticipación que la cancelación. 409 block-not-available si nadie puede tomarlo.',
      },
    },
    async (request) => {
      const access = appointmentAccessOf(request);
      const answer = await rescheduleBooking(app.db, app.rosters, access, {
        beginDate: request.body.begin_date,
        endDate: request.body.end_date,
        catalogue: await app.catalogue(),
        version: request.body.version,
      });
      await publishAvailabilityChange(app.db, app.rosters, app.changes, access.appointment.sectorId ?? null);
      return answer;
    },
  );
};

export default manageRoutes;
