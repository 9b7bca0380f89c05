import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleActor, operatorOfRequest } from '../../plugins/app/console-session.ts';
import {
  createNurse,
  deleteNurseDayOff,
  listNurses,
  nurseChangeImpact,
  nurseDetail,
  updateNurse,
} from './console-nurses.ts';

/**
 * The console's nurses (nurses.manage). Availability follows at once: the roster triggers tell
 * every instance when a nurse, her sectors, shifts or days off change (migration 0008).
 */
const consoleNurseRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { console: { permission: 'nurses.manage' } } as const;
  const authorOf = (request: Parameters<typeof operatorOfRequest>[0]) => {
    const operator = operatorOfRequest(request);
    return { actor: consoleActor(operator), operatorId: operator.operatorId };
  };

  app.get(
    ENDPOINTS.consoleNurses.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleNurses,
        tags: ['console'],
        summary: 'Las enfermeras, por nombre: de un sector, activas o no, o que coinciden con un texto',
      },
    },
    async (request) => ({
      results: await listNurses(app.db, {
        q: request.query.q,
        sectorId: request.query.sector_id,
        active: request.query.active,
      }),
    }),
  );

  app.get(
    ENDPOINTS.consoleNurse.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleNurse,
        tags: ['console'],
        summary: 'Una enfermera: contacto, habilidades, sectores, turnos semanales y días libres',
      },
    },
    async (request) => nurseDetail(app.db, Number(request.params.id)),
  );

  app.post(
    ENDPOINTS.consoleCreateNurse.path,
    {
      config,
      schema: { ...SCHEMAS.consoleCreateNurse, tags: ['console'], summary: 'Crea una enfermera' },
    },
    async (request) => createNurse(app.db, request.body, authorOf(request)),
  );

  app.post(
    ENDPOINTS.consoleNurseImpact.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleNurseImpact,
        tags: ['console'],
        summary: 'Las visitas agendadas que un cambio dejaría sin su bloque (nada cambia)',
      },
    },
    async (request) => ({
      visits: await nurseChangeImpact(app.db, Number(request.params.id), request.body),
    }),
  );

  app.put(
    ENDPOINTS.consoleUpdateNurse.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleUpdateNurse,
        tags: ['console'],
        summary:
          'Cambia una enfermera; rechazado (409) mientras deje una visita sin su bloque que no se reasignó ni se mantiene',
      },
    },
    async (request) => updateNurse(app.db, Number(request.params.id), request.body, authorOf(request)),
  );

  app.delete(
    ENDPOINTS.consoleDeleteNurseDayOff.path,
    {
      config,
      schema: {
        ...SCHEMAS.consoleDeleteNurseDayOff,
        tags: ['console'],
        summary: 'Devuelve un día libre de una enfermera a su turno',
      },
    },
    async (request) =>
      deleteNurseDayOff(app.db, Number(request.params.id), request.params.day, authorOf(request)),
  );
};

export default consoleNurseRoutes;
