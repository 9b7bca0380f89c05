import * as ERRORS from '@visita/domain/contract/api-errors';
import { can } from '@visita/domain/console-permissions';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor, operatorOfRequest } from '../../plugins/app/console-session.ts';
import { publishAvailabilityChange } from '../scheduling/availability-changes.ts';
import {
  addConsoleNote,
  cancelFromConsole,
  recordCollectedPayment,
  resendConfirmation,
  setVisitOutcome,
} from './console-actions.ts';
import { consoleAppointmentDetail, consoleAppointmentHistory } from './console-detail.ts';
import { moveOptions, moveVisit } from './console-move.ts';
import { decodeCursor, findAppointmentSummary, searchAppointments } from './console-search.ts';
import { findAppointmentById } from './queries.ts';

/** The partner a `partner` operator is confined to; undefined for every other role. */
function partnerScope(operator: ConsoleOperator): string | undefined {
  if (operator.role !== 'partner') return undefined;
  if (!operator.clientId) throw fail(ERRORS.CONSOLE_FORBIDDEN_PARTNER);
  return operator.clientId;
}

/**
 * Whether the operator reads the internal notes: those whose role writes them. A partner's
 * operator reads its appointments, never what the people who run the visits wrote about them.
 */
const readsInternalNotes = (request: FastifyRequest) =>
  can(operatorOfRequest(request).role, 'appointments.note');

/** The appointment a console route names: 404 if unknown, 403 if another partner's. */
async function readableAppointment(db: Db, request: FastifyRequest, id: string) {
  const scope = partnerScope(operatorOfRequest(request));
  const appointment = await findAppointmentById(db, id);
  if (!appointment) throw fail(ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND);
  if (scope !== undefined && appointment.clientId !== scope) throw fail(ERRORS.CONSOLE_FORBIDDEN_PARTNER);
  return appointment;
}

/**
 * The console's appointments: search, an appointment's page and its history (appointments.read);
 * the actions on one appointment, each on its own permission (console-actions.ts).
 */
const consoleAppointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'appointments.read' } } as const;

  app.get(
    ENDPOINTS.consoleSearchAppointments.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleSearchAppointments,
        tags: ['console'],
        summary:
          'Buscar citas por nombre, RUT o documento, correo, teléfono, id o código; por socio, día de la visita, estado y estado de pago',
      },
    },
    async (request) => {
      const { query } = request;
      const scope = partnerScope(operatorOfRequest(request));
      if (scope !== undefined && query.client_id !== undefined && query.client_id !== scope)
        throw fail(ERRORS.CONSOLE_FORBIDDEN_PARTNER);
      return searchAppointments(app.db, await app.catalogue(), {
        q: query.q,
        clientId: scope ?? query.client_id,
        from: query.from,
        to: query.to,
        status: query.status,
        paymentStatus: query.payment_status,
        cursor: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
        limit: query.limit,
      });
    },
  );

  app.get(
    ENDPOINTS.consoleAppointment.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleAppointment,
        tags: ['console'],
        summary: 'Una cita: visita, pacientes e ítems, montos, pagos y mensajes',
      },
    },
    async (request) => {
      const appointment = await readableAppointment(app.db, request, request.params.id);
      const catalogue = await app.catalogue();
      const summary = await findAppointmentSummary(app.db, catalogue, appointment.id);
      if (!summary) throw fail(ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND);
      const detail = await consoleAppointmentDetail(app.db, catalogue, appointment, summary);
      return readsInternalNotes(request) ? detail : { ...detail, notes: [] };
    },
  );

  app.get(
    ENDPOINTS.consoleAppointmentHistory.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleAppointmentHistory,
        tags: ['console'],
        summary: 'Historial de una cita: cambios, estados, pagos y mensajes, del más reciente al más antiguo',
      },
    },
    async (request) => {
      const results = await consoleAppointmentHistory(
        app.db,
        await readableAppointment(app.db, request, request.params.id),
      );
      if (readsInternalNotes(request)) return { results };
      // The note's text stays with the people who write notes; the others see that one was added.
      return {
        results: results.map((entry) =>
          entry.action === 'appointment.note_added' ? { ...entry, detail: null } : entry,
        ),
      };
    },
  );

  app.get(
    ENDPOINTS.consoleMoveOptions.path,
    {
      config: { console: { permission: 'appointments.move' } },
      schema: {
        ...SCHEMAS.consoleMoveOptions,
        tags: ['console'],
        summary:
          'Los bloques de un día a los que puede pasar la visita, con las enfermeras libres que pueden hacerla',
      },
    },
    async (request) =>
      moveOptions(
        app.db,
        app.rosters,
        await app.catalogue(),
        await readableAppointment(app.db, request, request.params.id),
        request.query.date,
      ),
  );

  app.post(
    ENDPOINTS.consoleMoveAppointment.path,
    {
      config: { console: { permission: 'appointments.move' } },
      schema: {
        ...SCHEMAS.consoleMoveAppointment,
        tags: ['console'],
        summary:
          'Pasa la visita confirmada a otra enfermera, otro bloque o ambos, con las reglas de una reserva; avisa al paciente y al socio',
      },
    },
    async (request) => {
      const operator = operatorOfRequest(request);
      const appointment = await readableAppointment(app.db, request, request.params.id);
      const answer = await moveVisit(
        app.db,
        app.rosters,
        await app.catalogue(),
        appointment,
        {
          beginDate: request.body.begin_date,
          endDate: request.body.end_date,
          nurseId: Number(request.body.nurse_id),
          version: request.body.version,
        },
        { actor: consoleActor(operator), operatorId: operator.operatorId },
      );
      await publishAvailabilityChange(app.db, app.rosters, app.changes, appointment.sectorId ?? null);
      return answer;
    },
  );

  app.post(
    ENDPOINTS.consoleCancelAppointment.path,
    {
      config: { console: { permission: 'appointments.cancel' } },
      schema: {
        ...SCHEMAS.consoleCancelAppointment,
        tags: ['console'],
        summary:
          'Cancelar una cita con un motivo: hasta que comienza la visita; devuelve el pago con tarjeta y avisa al paciente y al socio',
      },
    },
    async (request) => {
      const appointment = await readableAppointment(app.db, request, request.params.id);
      return cancelFromConsole(
        app.db,
        appointment,
        operatorOfRequest(request),
        request.body.reason,
        new Date(),
        request.body.version ?? appointment.version,
      );
    },
  );

  app.post(
    ENDPOINTS.consoleAddNote.path,
    {
      config: { console: { permission: 'appointments.note' } },
      schema: {
        ...SCHEMAS.consoleAddNote,
        tags: ['console'],
        summary: 'Agregar una nota interna a una cita (el paciente no la ve)',
      },
    },
    async (request, reply) => {
      const appointment = await readableAppointment(app.db, request, request.params.id);
      await addConsoleNote(app.db, appointment, operatorOfRequest(request), request.body.text);
      return reply.code(204).send(null);
    },
  );

  app.post(
    ENDPOINTS.consoleRecordPayment.path,
    {
      config: { console: { permission: 'payments.settle' } },
      schema: {
        ...SCHEMAS.consoleRecordPayment,
        tags: ['console'],
        summary:
          'Registrar un pago cobrado en el domicilio: monto, medio (efectivo, terminal o transferencia) y referencia',
      },
    },
    async (request, reply) => {
      const appointment = await readableAppointment(app.db, request, request.params.id);
      await recordCollectedPayment(app.db, appointment, operatorOfRequest(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    ENDPOINTS.consoleSetOutcome.path,
    {
      config: { console: { permission: 'appointments.move' } },
      schema: {
        ...SCHEMAS.consoleSetOutcome,
        tags: ['console'],
        summary:
          'Registrar el resultado de la visita (realizada o el paciente no estaba) desde su hora de inicio',
      },
    },
    async (request, reply) => {
      const appointment = await readableAppointment(app.db, request, request.params.id);
      await setVisitOutcome(
        app.db,
        appointment,
        operatorOfRequest(request),
        request.body.outcome,
        new Date(),
        request.body.version ?? appointment.version,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    ENDPOINTS.consoleResendConfirmation.path,
    {
      config: { console: { permission: 'appointments.move' } },
      schema: {
        ...SCHEMAS.consoleResendConfirmation,
        tags: ['console'],
        summary: 'Reenviar a los pacientes el correo de confirmación de una cita confirmada',
      },
    },
    async (request, reply) => {
      const appointment = await readableAppointment(app.db, request, request.params.id);
      await resendConfirmation(app.db, appointment, operatorOfRequest(request));
      return reply.code(204).send(null);
    },
  );
};

export default consoleAppointmentRoutes;
