import * as ERRORS from '@visita/domain/contract/api-errors';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { appointmentLinks } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { authenticatedClient } from '../../plugins/app/client-auth.ts';
import { type AppointmentRow, findAppointmentById } from './queries.ts';

/**
 * One answer for every way of not reaching an appointment (unknown id, malformed id, no token,
 * a wrong or another appointment's token, another client's API token), so ids cannot be probed.
 */

export const appointmentNotFound = () => fail(ERRORS.APPOINTMENT_NOT_FOUND);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value can be an appointment id; anything else is not looked up at all. */
export const isAppointmentId = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);

/** A new appointment token: 32 random bytes, base64url (43 characters). */
export const newAppointmentToken = (): string => randomBytes(32).toString('base64url');

/** What is stored: the token's SHA-256, hex. */
export const hashAppointmentToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Compares a presented token with the stored hash in constant time. */
export function appointmentTokenMatches(presented: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = createHash('sha256').update(presented, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The appointment token header's value, when there is exactly one of a plausible size. */
export function readAppointmentToken(headers: FastifyRequest['headers']): string | null {
  const value = headers[APPOINTMENT_TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : null;
}

export interface AppointmentAccess {
  appointment: AppointmentRow;
  /** The appointment token presented (null when the client's Bearer token granted access). */
  token: string | null;
  /**
   * Whether the request carries the Bearer API token of the appointment's own client: staff
   * acting for it, whether or not the appointment's token came along too (the staff widget sends
   * both). What only staff may do asks this, never the absence of the appointment token.
   */
  staff: boolean;
  /** Who is asking: the client's staff, or the booking's holder by its token or an e-mail link's. */
  via: 'token' | 'link' | 'staff';
}

// One per confirmation e-mail: prepared.
const preparedInsertLink = perDatabase((db: Db) =>
  db
    .insert(appointmentLinks)
    .values({ tokenHash: sql.placeholder('tokenHash'), appointmentId: sql.placeholder('appointmentId') })
    .prepare('appointment_links_insert'),
);

/**
 * A new link to manage a booking (sent in an e-mail): a fresh token whose hash opens this
 * appointment as its creation token does. Returns the token, which is stored nowhere.
 */
export async function createAppointmentLink(db: Db, appointmentId: string): Promise<string> {
  const token = newAppointmentToken();
  await preparedInsertLink(db).execute({ tokenHash: hashAppointmentToken(token), appointmentId });
  return token;
}

async function linkOpens(db: Db, appointmentId: string, token: string): Promise<boolean> {
  const [link] = await db
    .select({ appointmentId: appointmentLinks.appointmentId })
    .from(appointmentLinks)
    .where(
      and(
        eq(appointmentLinks.tokenHash, hashAppointmentToken(token)),
        eq(appointmentLinks.appointmentId, appointmentId),
      ),
    );
  return link !== undefined;
}

/**
 * The check every call on an appointment makes: the appointment exists and the request presents
 * its token (APPOINTMENT_TOKEN_HEADER) or the Bearer API token of the appointment's own client.
 * Anything else is the same 404.
 */
export async function authorizeAppointment(
  db: Db,
  request: FastifyRequest,
  id: unknown,
): Promise<AppointmentAccess> {
  if (!isAppointmentId(id)) throw appointmentNotFound();
  const appointment = await findAppointmentById(db, id);
  if (!appointment) throw appointmentNotFound();
  const token = readAppointmentToken(request.headers);
  const client = appointment.clientId ? await authenticatedClient(db, request) : null;
  const staff = client !== null && client.id === appointment.clientId;
  if (token && appointmentTokenMatches(token, appointment.tokenHash))
    return { appointment, token, staff, via: staff ? 'staff' : 'token' };
  if (token && (await linkOpens(db, appointment.id, token)))
    return { appointment, token, staff, via: staff ? 'staff' : 'link' };
  if (staff) return { appointment, token: null, staff, via: 'staff' };
  throw appointmentNotFound();
}

const granted = new WeakMap<FastifyRequest, AppointmentAccess>();

/**
 * A preHandler for routes with an `:id` appointment parameter (schedule, finalize, pay, ...):
 * it runs `authorizeAppointment` and keeps the result for `appointmentAccessOf(request)`.
 */
export async function requireAppointmentAccess(request: FastifyRequest): Promise<void> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  granted.set(request, await authorizeAppointment(request.server.db, request, params.id));
}

/** The appointment `requireAppointmentAccess` let through for this request. */
export function appointmentAccessOf(request: FastifyRequest): AppointmentAccess {
  const access = granted.get(request);
  // Only reachable when a route forgot the preHandler: a programming error, hence a 500.
  if (!access) throw new Error('requireAppointmentAccess did not run for this route');
  return access;
}
