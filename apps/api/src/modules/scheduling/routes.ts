import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import {
  appointmentAccessOf,
  authorizeAppointment,
  requireAppointmentAccess,
} from '../appointments/access.ts';
import { createAvailabilityCache } from './availability-cache.ts';
import { publishAvailabilityChange } from './availability-changes.ts';
import { findAvailability } from './availability.ts';
import { browserKeyOf } from '../../plugins/app/browser-key.ts';
import { clientAddressKey } from '../../plugins/app/client-address.ts';
import { holdBlock } from './hold.ts';

const accessDescription =
  `Requiere el token de la cita en el encabezado ${APPOINTMENT_TOKEN_HEADER}, o el token de API ` +
  'del cliente de la cita como Authorization: Bearer. Sin acceso, o con un id desconocido, responde 404.';

/** Scheduling: time availability and block holds. */
const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const availabilityCache = createAvailabilityCache(app.config.AVAILABILITY_CACHE_MS);
  // Holds, confirmations and freed blocks on any instance make this instance's answers stale.
  const unsubscribe = app.changes.subscribe((change) => {
    if (change.topic === 'availability') availabilityCache.invalidate(change.sectorIds);
    // Who works when changed somewhere: every answer may be wrong.
    else if (change.topic === 'everything' || change.topic === 'roster') availabilityCache.invalidate(null);
  });
  app.addHook('onClose', async () => unsubscribe());
  // An answer is checked against its schema before it is written. Its entries are the roster's
  // (roster.ts), shared by every answer until the roster changes: each is checked once, with
  // the first answer that carries it, and an answer made only of checked entries (an array of
  // valid entries is a valid answer) is written as it is. A cached month's text is also kept.
  // Each checked entry's JSON is kept with it too: an answer of checked entries is their texts
  // joined, not the whole month turned into JSON again.
  const entryTexts = new WeakMap<object, string>();
  const bodies = new WeakMap<object, string>();
  app.setSerializerCompiler((route) => {
    const checked = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (answer) => {
      const data = (answer as { data?: unknown }).data;
      if (!Array.isArray(data)) return checked(answer);
      let body = bodies.get(data);
      if (body !== undefined) return body;
      const entries = data as object[];
      const texts: string[] = [];
      for (const entry of entries) {
        const text = entryTexts.get(entry);
        if (text === undefined) break;
        texts.push(text);
      }
      if (texts.length === entries.length && Object.keys(answer as object).length === 1)
        body = `{"data":[${texts.join(',')}]}`;
      else {
        body = checked(answer);
        for (const entry of entries) if (!entryTexts.has(entry)) entryTexts.set(entry, JSON.stringify(entry));
      }
      bodies.set(data, body);
      return body;
    };
  });
  app.get(
    ENDPOINTS.availability.path,
    {
      schema: {
        ...SCHEMAS.availability,
        tags: ['scheduling'],
        summary: 'Bloques horarios disponibles de la cita, de from_date a un mes desde hoy',
        description:
          'Un bloque (una hora de llegada, en la hora local del sector) se ofrece cuando alguna ' +
          'enfermera del sector de la dirección, con todas las habilidades de los servicios (los ' +
          'packs por sus ítems), está de turno, no libre ese día y sin visita en él. Los bloques ya ' +
          `comenzados no se ofrecen. appointment_id: ${accessDescription}`,
      },
    },
    async (request) => {
      const query = request.query;
      const { appointment } = await authorizeAppointment(app.db, request, query.appointment_id);
      const data = await findAvailability(
        app.db,
        {
          appointment,
          catalogue: await app.catalogue(),
          items: query.items,
          country: query.country,
          fromDate: query.from_date,
          now: new Date(),
        },
        app.rosters,
        availabilityCache,
      );
      return { data };
    },
  );

  app.post(
    ENDPOINTS.holdBlock.path,
    {
      // A hold takes a nurse for 20 minutes: per address and per appointment, a person's few
      // changes of mind pass and squatting a day's blocks does not.
      config: { ipRateLimit: 'holds', appointmentRateLimit: 'holds' },
      preHandler: requireAppointmentAccess,
      schema: {
        ...SCHEMAS.holdBlock,
        tags: ['scheduling'],
        summary: 'Reserva el bloque horario por 20 minutos',
        description:
          'begin_date y end_date en la hora local del sector (YYYY-MM-DD HH:mm:ss), un bloque que ' +
          'la disponibilidad ofrece. Una nueva reserva de la misma cita reemplaza la anterior. ' +
          'Bloque tomado: 409 block-not-available. Un navegador (encabezado x-visita-browser) en una ' +
          'dirección (IPv6: su /64) mantiene a la vez a lo sumo HOLDS_PER_BROWSER reservas sin ' +
          'confirmar de otras citas (más: 429 too-many-holds), la dirección HOLDS_PER_ADDRESS (429 ' +
          'too-many-holds-from-network), y la dirección no guarda más de ADDRESS_SHARE_OF_SECTOR_DAY % ' +
          'de las horas de un sector en un día entre reservas y visitas confirmadas sin pago (429 ' +
          'sector-day-share). El token de API del cliente no cuenta. La confirmación la hace permanente. ' +
          accessDescription,
      },
    },
    async (request) => {
      const { appointment, staff } = appointmentAccessOf(request);
      const held = await holdBlock(app.db, app.rosters, {
        appointment,
        // Staff book for many people from one office: their holds are not counted.
        holder: staff ? null : { heldFrom: clientAddressKey(request.ip), heldBy: browserKeyOf(request) },
        limits: {
          perBrowser: app.config.HOLDS_PER_BROWSER,
          perAddress: app.config.HOLDS_PER_ADDRESS,
          sectorDayShare: app.config.ADDRESS_SHARE_OF_SECTOR_DAY,
        },
        catalogue: await app.catalogue(),
        beginDate: request.body.begin_date,
        endDate: request.body.end_date,
        items: request.body.items,
        now: new Date(),
      });
      // No instance's answers for the sector (nor for the other sectors its nurses serve) hold any
      // more: the block (and the appointment's previous one, now free) changed.
      await publishAvailabilityChange(app.db, app.rosters, app.changes, appointment.sectorId ?? null);
      return held;
    },
  );
};

export default schedulingRoutes;
