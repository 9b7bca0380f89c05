import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizeAppointment } from './access.ts';
import { findCartMakerById } from './queries.ts';
import {
  assertNotCancelled,
  cartMakerNotFound,
  saveAppointment,
  toAppointmentAddress,
  toAppointmentSummary,
  toCartMakerAnswer,
} from './service.ts';
import { isSafeText } from '@visita/domain/contract/safe-text';
import { visitTimesOf } from './visit-times.ts';

const accessDescription =
  `Requiere el token de la cita en el encabezado ${APPOINTMENT_TOKEN_HEADER}, o el token de API ` +
  'del cliente de la cita como Authorization: Bearer. Sin acceso, o con un id desconocido, responde 404.';

/** The appointments calls of the contract. */
const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ENDPOINTS.createAppointment.path,
    {
      // Each appointment may hold a nurse's block: an address creating them by the dozen would
      // take a day's agenda.
      config: { ipRateLimit: 'appointments-created' },
      schema: {
        ...SCHEMAS.createAppointment,
        tags: ['appointments'],
        summary: 'Crea la cita con su dirección (o actualiza la de appointment_id)',
        description:
          'Responde el id y el token de la cita, que toda llamada posterior debe presentar. ' +
          `Con appointment_id, ${accessDescription}`,
      },
    },
    async (request, reply) => {
      const { created, answer } = await saveAppointment(app.db, request, request.body);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    ENDPOINTS.getAppointment.path,
    {
      schema: {
        ...SCHEMAS.getAppointment,
        tags: ['appointments'],
        summary: 'Resumen de la cita, con su moneda',
        description: accessDescription,
      },
    },
    async (request) => {
      const { appointment, staff } = await authorizeAppointment(app.db, request, request.params.id);
      assertNotCancelled(appointment);
      const summary = toAppointmentSummary(appointment, await visitTimesOf(app.db, app.rosters, appointment));
      // The origin is the client's own record of its sales: its staff (Bearer) read it, a patient's link does not.
      return staff ? { ...summary, client_origin: appointment.clientOrigin } : summary;
    },
  );

  app.get(
    ENDPOINTS.appointmentAddress.path,
    {
      schema: {
        ...SCHEMAS.appointmentAddress,
        tags: ['appointments'],
        summary: 'Dirección de la cita',
        description: accessDescription,
      },
    },
    async (request) => {
      const { appointment } = await authorizeAppointment(app.db, request, request.params.id);
      return toAppointmentAddress(appointment);
    },
  );

  app.get(
    ENDPOINTS.cartMaker.path,
    {
      schema: {
        ...SCHEMAS.cartMaker,
        tags: ['appointments'],
        summary: 'Carrito prearmado que comparte un socio',
        description:
          'Se lee sin token: el id del carrito es el enlace que comparte el socio. Incluye el token ' +
          'de su cita para que el widget la continúe.',
      },
    },
    async (request) => {
      const { id } = request.params;
      // Any id that cannot be one is the same 404 as an unknown one.
      const row =
        id.length > 0 && id.length <= 100 && isSafeText(id) ? await findCartMakerById(app.db, id) : undefined;
      if (!row) throw cartMakerNotFound();
      return toCartMakerAnswer(app.db, row);
    },
  );
};

export default appointmentsRoutes;
