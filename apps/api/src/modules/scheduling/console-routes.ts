import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleAgendaDay } from './agenda.ts';
import { consoleAgendaWeek } from './agenda-week.ts';
import { findConsoleSectors } from './agenda-queries.ts';
import { operatorOfRequest, consoleActor } from '../../plugins/app/console-session.ts';
import { publishAvailabilityChange } from './availability-changes.ts';
import { applyRoute, consoleRoute } from './route.ts';
import { applySickDays, proposeSickDays } from './sick-days.ts';

/** The console's agenda: the sectors, and one sector's day (agenda.read). */
const consoleAgendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'agenda.read' } } as const;

  app.get(
    ENDPOINTS.consoleSectors.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleSectors,
        tags: ['console'],
        summary: 'Sectores, por país y fuente de venta',
      },
    },
    async (request) => {
      const rows = await findConsoleSectors(app.db, {
        country: request.query.country,
        salesSource: request.query.sales_source,
      });
      return { results: rows.map((row) => ({ ...row, id: String(row.id) })) };
    },
  );

  app.get(
    ENDPOINTS.consoleAgendaDay.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleAgendaDay,
        tags: ['console'],
        summary:
          'El día de un sector: los bloques de cada enfermera con sus visitas y reservas en curso, y la carga por bloque',
      },
    },
    async (request) => {
      const { query } = request;
      return consoleAgendaDay(app.db, await app.catalogue(), {
        sectorId: query.sector_id,
        date: query.date,
        filters: { clientId: query.client_id, kind: query.kind, status: query.status },
        now: new Date(),
      });
    },
  );

  app.get(
    ENDPOINTS.consoleAgendaWeek.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleAgendaWeek,
        tags: ['console'],
        summary: 'La semana de un sector: por día y por enfermera, bloques reservados sobre bloques en turno',
      },
    },
    async (request) => {
      const { query } = request;
      return consoleAgendaWeek(app.db, await app.catalogue(), {
        sectorId: query.sector_id,
        date: query.date,
        filters: { clientId: query.client_id, kind: query.kind, status: query.status },
        now: new Date(),
      });
    },
  );

  app.post(
    ENDPOINTS.consoleSickDaysProposal.path,
    {
      config: { console: { permission: 'nurses.days_off' } },
      schema: {
        ...SCHEMAS.consoleSickDaysProposal,
        tags: ['console'],
        summary:
          'Qué pasaría al marcar ausente a una enfermera esos días: quién toma cada una de sus visitas y cuándo (nada cambia)',
      },
    },
    async (request) =>
      proposeSickDays(app.db, app.rosters, await app.catalogue(), Number(request.params.id), request.body),
  );

  app.post(
    ENDPOINTS.consoleApplySickDays.path,
    {
      config: { console: { permission: 'nurses.days_off' } },
      schema: {
        ...SCHEMAS.consoleApplySickDays,
        tags: ['console'],
        summary:
          'Marca ausente a una enfermera esos días y reparte sus visitas en una sola acción; lista las que nadie pudo tomar',
      },
    },
    async (request) => {
      const operator = operatorOfRequest(request);
      const { answer, sectorIds } = await applySickDays(
        app.db,
        app.rosters,
        await app.catalogue(),
        Number(request.params.id),
        request.body,
        { actor: consoleActor(operator), operatorId: operator.operatorId },
      );
      for (const sectorId of sectorIds)
        await publishAvailabilityChange(app.db, app.rosters, app.changes, sectorId);
      return answer;
    },
  );

  app.get(
    ENDPOINTS.consoleRoute.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleRoute,
        tags: ['console'],
        summary:
          'Los traslados del día de un sector por enfermera, y un reparto de sus visitas que los acorta sin mover ninguna hora',
      },
    },
    async (request) =>
      consoleRoute(app.db, app.rosters, await app.catalogue(), app.travel, {
        sectorId: Number(request.query.sector_id),
        date: request.query.date,
      }),
  );

  app.post(
    ENDPOINTS.consoleApplyRoute.path,
    {
      config: { console: { permission: 'appointments.move' } },
      schema: {
        ...SCHEMAS.consoleApplyRoute,
        tags: ['console'],
        summary: 'Aplica el reparto propuesto, tal como se leyó (si el día cambió, nada cambia)',
      },
    },
    async (request) => {
      const operator = operatorOfRequest(request);
      const { body } = request;
      const answer = await applyRoute(
        app.db,
        app.rosters,
        await app.catalogue(),
        {
          sectorId: Number(body.sector_id),
          date: body.date,
          moves: body.moves.map((move) => ({
            appointmentId: move.appointment_id,
            fromNurseId: Number(move.from_nurse_id),
            toNurseId: Number(move.to_nurse_id),
          })),
        },
        { actor: consoleActor(operator), operatorId: operator.operatorId },
      );
      await publishAvailabilityChange(app.db, app.rosters, app.changes, Number(body.sector_id));
      return answer;
    },
  );
};

export default consoleAgendaRoutes;
