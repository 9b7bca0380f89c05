import * as ERRORS from '@visita/domain/contract/api-errors';
import { APPOINTMENT_ID_HEADER, APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { FastifyRequest } from 'fastify';
import { AppError, fail } from '../../errors.ts';
import { authenticatedClient, readBearerToken } from '../../plugins/app/client-auth.ts';
import { authorizeAppointment } from './access.ts';

/**
 * Who may ask about a person (look-up by RUT, registration, the fund's checks): the client's
 * staff by its Bearer API token, who see everything; or a booking session, by its appointment's
 * id and token, who learn only what linking an existing patient needs.
 */
export type PersonAccess = { kind: 'staff'; clientId: string } | { kind: 'session'; appointmentId: string };

export const personAccessDescription =
  `Requiere el token de API del cliente como Authorization: Bearer (ve los datos completos), o la ` +
  `cita en curso: su id en ${APPOINTMENT_ID_HEADER} y su token en ${APPOINTMENT_TOKEN_HEADER} ` +
  '(solo lo necesario para continuar la reserva). Sin ninguno responde 401.';

const refused = () => fail(ERRORS.PERSON_ACCESS_REQUIRED);

async function authorizePerson(request: FastifyRequest): Promise<PersonAccess> {
  const db = request.server.db;
  if (readBearerToken(request.headers)) {
    const client = await authenticatedClient(db, request);
    if (client) return { kind: 'staff', clientId: client.id };
    throw refused();
  }
  const id = request.headers[APPOINTMENT_ID_HEADER];
  if (typeof id !== 'string') throw refused();
  try {
    const { appointment } = await authorizeAppointment(db, request, id);
    return { kind: 'session', appointmentId: appointment.id };
  } catch (error) {
    // One answer for a missing, wrong or foreign token and an unknown id: nothing to probe.
    if (error instanceof AppError) throw refused();
    throw error;
  }
}

const granted = new WeakMap<FastifyRequest, PersonAccess>();

/** An onRequest hook: strangers are refused before anything about their input is checked. */
export async function requirePersonAccess(request: FastifyRequest): Promise<void> {
  granted.set(request, await authorizePerson(request));
}

/** What `requirePersonAccess` let through for this request. */
export function personAccessOf(request: FastifyRequest): PersonAccess {
  const access = granted.get(request);
  // Only reachable when a route forgot the hook: a programming error, hence a 500.
  if (!access) throw new Error('requirePersonAccess did not run for this route');
  return access;
}
