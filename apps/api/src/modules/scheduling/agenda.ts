/**
 * The console's agenda of one sector on one local day: each nurse's blocks (her weekly shifts
 * that day, not on a day off) with the visit or live hold in each, and the sector's load per
 * block. Any date, past or future: it reads shifts and visits, not the booking horizon's roster.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import type { AppointmentStatus } from '@visita/domain/contract/appointments';
import type { AgendaServiceKind, consoleAgendaDayAnswerSchema } from '@visita/domain/contract/console-agenda';
import { addDays } from '@visita/domain/availability';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { bookingReference } from '../notifications/booking-events.ts';
import {
  type AgendaNurse,
  type AgendaVisitRow,
  findAgendaNurses,
  findAgendaVisits,
} from './agenda-queries.ts';
import { createShiftBlockCache, isKnownTimeZone, isoWeekday, localToInstant } from './blocks.ts';
import { findSectorById } from './queries.ts';
import { nurseBlocksOn } from './roster.ts';

type AgendaDay = z.infer<typeof consoleAgendaDayAnswerSchema>;
type AgendaBlock = AgendaDay['nurses'][number]['blocks'][number];
type AgendaVisit = NonNullable<AgendaBlock['visit']>;

const MINUTE_MS = 60_000;

/**
 * The first instant of a local date in a zone: its midnight, or the first minute after a
 * daylight-saving change that skipped midnight (Santiago's spring change does).
 */
function localDayStart(date: string, timeZone: string): number {
  for (let minutes = 0; minutes < 1440; minutes += 15) {
    const instant = localToInstant(date, minutes, timeZone);
    if (instant !== null) return instant;
  }
  throw new Error(`no instant of ${date} in ${timeZone}`);
}

/** The instants of a local day: from its first up to the next day's first, excluded. */
const localDayRange = (date: string, timeZone: string) => ({
  from: new Date(localDayStart(date, timeZone)),
  to: new Date(localDayStart(addDays(date, 1), timeZone)),
});

export interface AgendaFilters {
  clientId?: string | undefined;
  kind?: AgendaServiceKind | undefined;
  status?: AppointmentStatus | undefined;
}

const SKILL_KINDS: Record<'lab' | 'vaccine' | 'medical_service', AgendaServiceKind> = {
  lab: 'exam',
  vaccine: 'vaccine',
  medical_service: 'service',
};

/** An item's kinds: a pack (and its items' kinds), else by the skill it needs. */
function kindsOf(catalogue: CatalogueSnapshot, id: number, into: Set<AgendaServiceKind>): void {
  const item = catalogue.byId.get(id);
  if (!item) return;
  if (item.resourcetype === null) {
    into.add('pack');
    for (const sub of catalogue.subItems.get(id) ?? []) {
      const subItem = catalogue.byId.get(sub.id);
      if (subItem && subItem.resourcetype !== null) into.add(SKILL_KINDS[subItem.skill]);
    }
  } else into.add(SKILL_KINDS[item.skill]);
}

/** 'Valentina M.': the first patient's first name and last name's initial, enough to recognise. */
export function shortPatientName(first: string | null, last: string | null): string {
  const initial = (last ?? '').trim().charAt(0);
  return [(first ?? '').trim().split(/\s+/)[0] ?? '', initial ? `${initial.toUpperCase()}.` : '']
    .filter(Boolean)
    .join(' ');
}

/** The visit as the agenda shows it, or null when a filter leaves it out. */
function toAgendaVisit(
  catalogue: CatalogueSnapshot,
  row: AgendaVisitRow,
  filters: AgendaFilters,
): AgendaVisit | null {
  if (filters.clientId !== undefined && row.client_id !== filters.clientId) return null;
  if (filters.status !== undefined && row.status !== filters.status) return null;
  const ids = [
    ...new Set(
      (row.item_ids ?? '')
        .split(',')
        .flatMap((id) => (/^\d{1,9}$/.test(id) && Number(id) > 0 ? [Number(id)] : [])),
    ),
  ];
  if (filters.kind !== undefined) {
    const kinds = new Set<AgendaServiceKind>();
    for (const id of ids) kindsOf(catalogue, id, kinds);
    if (!kinds.has(filters.kind)) return null;
  }
  return {
    appointment_id: row.appointment_id,
    code: bookingReference(row.appointment_id),
    client_id: row.client_id ?? '',
    patient: shortPatientName(row.first_name, row.last_name),
    commune: row.comuna || null,
    services: ids.flatMap((id) => catalogue.byId.get(id)?.name ?? []),
    status: row.status,
    payment_status: row.payment_status,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Lays out the day from what was read: pure, so the rules are the same whatever reads them.
 * A nurse's blocks are her shifts' blocks starting within the day (a shift in another zone may
 * bring one from the date before or after), none on her day off; a visit outside them (she was
 * marked off after it was booked, or her shift changed) adds its block so no visit goes unseen.
 */
function layOutAgendaDay(input: {
  date: string;
  range: { from: Date; to: Date };
  nurses: readonly AgendaNurse[];
  visits: readonly AgendaVisitRow[];
  catalogue: CatalogueSnapshot;
  filters: AgendaFilters;
}): Pick<AgendaDay, 'load' | 'nurses'> {
  const from = input.range.from.getTime();
  const to = input.range.to.getTime();
  const blocksOf = createShiftBlockCache();
  const dates = [addDays(input.date, -1), input.date, addDays(input.date, 1)];
  const visitsOf = new Map<number, Map<number, AgendaVisitRow>>();
  for (const visit of input.visits) {
    let byStart = visitsOf.get(visit.nurse_id);
    if (!byStart) visitsOf.set(visit.nurse_id, (byStart = new Map()));
    byStart.set(visit.block_start, visit);
  }
  const load = new Map<number, { end: number; booked: number; capacity: number }>();
  const loadAt = (start: number, end: number) => {
    let entry = load.get(start);
    if (!entry) load.set(start, (entry = { end, booked: 0, capacity: 0 }));
    return entry;
  };

  const nurses = input.nurses.map((nurse) => {
    // Overlapping shifts may offer a block twice: once here.
    const working = new Map<number, number>();
    for (const date of dates)
      for (const block of nurseBlocksOn(nurse, date, isoWeekday(date), blocksOf))
        if (block.start >= from && block.start < to) working.set(block.start, block.end);
    for (const [start, end] of working) loadAt(start, end).capacity += 1;
    const own = visitsOf.get(nurse.id) ?? new Map<number, AgendaVisitRow>();
    const starts = [...new Set([...working.keys(), ...own.keys()])].sort((a, b) => a - b);
    const blocks = starts.map((start): AgendaBlock => {
      const visit = own.get(start);
      const end = working.get(start) ?? visit?.block_end ?? start + 60 * MINUTE_MS;
      if (!visit)
        return { start: iso(start), end: iso(end), state: 'free', visit: null, hold_expires_at: null };
      const hold = visit.visit_status === 'hold';
      const entry = loadAt(start, end);
      if (!hold) entry.booked += 1;
      return {
        start: iso(start),
        end: iso(end),
        state: hold ? 'hold' : 'booked',
        // A visit the filters leave out keeps its block taken, with no details: the nurse's day
        // still reads right (she is not free then), and only the asked-for visits are shown.
        visit: toAgendaVisit(input.catalogue, visit, input.filters),
        hold_expires_at: hold ? visit.expires_at : null,
      };
    });
    return { id: String(nurse.id), name: nurse.name, skills: nurse.skills, blocks };
  });

  return {
    // The sector's load is the whole day's, whatever the filters: capacity is every nurse's.
    load: [...load]
      .sort(([a], [b]) => a - b)
      .map(([start, entry]) => ({
        start: iso(start),
        end: iso(entry.end),
        booked: entry.booked,
        capacity: entry.capacity,
      })),
    nurses,
  };
}

/**
 * GET /api/console/agenda/day: one sector's local day in three queries (the sector, its nurses
 * with shifts and days off, their visits with their appointments), whatever the number of nurses.
 */
export async function consoleAgendaDay(
  db: Db,
  catalogue: CatalogueSnapshot,
  request: { sectorId: string; date: string; filters: AgendaFilters; now: Date },
): Promise<AgendaDay> {
  const id = /^\d{1,9}$/.test(request.sectorId) ? Number(request.sectorId) : null;
  const sector = id === null ? undefined : await findSectorById(db, id);
  if (!sector || !isKnownTimeZone(sector.timeZone)) throw fail(ERRORS.CONSOLE_SECTOR_NOT_FOUND);
  const range = localDayRange(request.date, sector.timeZone);
  const dates = { from: addDays(request.date, -1), to: addDays(request.date, 1) };
  const [nurses, visits] = await Promise.all([
    findAgendaNurses(db, sector.id, dates, range),
    findAgendaVisits(db, sector.id, range, request.now),
  ]);
  return {
    sector: { id: String(sector.id), name: sector.name, time_zone: sector.timeZone },
    date: request.date,
    ...layOutAgendaDay({ date: request.date, range, nurses, visits, catalogue, filters: request.filters }),
  };
}
