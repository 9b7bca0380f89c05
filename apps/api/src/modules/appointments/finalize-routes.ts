import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentAccessOf, requireAppointmentAccess } from './access.ts';
import { finalizeAppointment, updateAppointmentPatients } from './finalize.ts';
import { assertNotCancelled, toAppointmentSummary } from './service.ts';
import { visitTimesOf } from './visit-times.ts';

const accessDescription =
  `Requiere el token de la cita en el encabezado ${APPOINTMENT_TOKEN_HEADER}, o el token de API ` +
  'del cliente de la cita como Authorization: Bearer. Sin acceso, o con un id desconocido, responde 404.';

/** Patients on an appointment and its finalisation (PATCH …/patients/, POST …/finalize/). */
const finalizeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    ENDPOINTS.appointmentPatients.path,
    {
      // onRequest: without access nothing about the body is checked, so nothing can be probed.
      onRequest: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.appointmentPatients,
        tags: ['appointments'],
        summary: 'Actualiza los pacientes de la cita, con sus servicios',
        description: `${accessDescription} Valida cada paciente con las reglas del formulario.`,
      },
    },
    async (request) => {
      const { appointment } = appointmentAccessOf(request);
      const updated = await updateAppointmentPatients(
        app.db,
        app.catalogue,
        appointment,
        request.body.patients,
      );
      assertNotCancelled(updated);
      return toAppointmentSummary(updated, await visitTimesOf(app.db, app.rosters, updated));
    },
  );

  app.post(
    ENDPOINTS.finalizeAppointment.path,
    {
      onRequest: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.finalizeAppointment,
        tags: ['appointments'],
        summary: 'Finaliza la cita agendada con sus pacientes',
        description:
          `${accessDescription} La cita debe estar agendada (409 appointment-not-scheduled). ` +
          'Aplica vaccine-age y, para fondos de compensación, la afiliación y una vacuna por paciente.',
      },
    },
    async (request) => {
      const { appointment } = appointmentAccessOf(request);
      const updated = await finalizeAppointment(app.db, app.catalogue, appointment, request.body);
      assertNotCancelled(updated);
      return toAppointmentSummary(updated, await visitTimesOf(app.db, app.rosters, updated));
    },
  );
};

export default finalizeRoutes;
