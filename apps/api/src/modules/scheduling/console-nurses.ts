/**
 * The console's nurses: list, read, create and change one (contact, skills, sectors, weekly
 * shifts, extra shifts on a date, active), and take back a day off. Each save is one transaction, audited.
 *
 * A change must never leave a booked visit without its block. The database is the judge
 * (nurse_uncovered_visits and the roster guard triggers, migration 0020): what a change would
 * leave uncovered is found by making it in a transaction with every visit of hers kept, asking the
 * database which visits are uncovered, and rolling back (`impact`); a save is refused (409) while
 * one is neither moved to someone else nor listed in `keep_visit_ids`.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import type {
  ConsoleNurseBody,
  consoleNurseDetailSchema,
  NurseExtraShift,
  consoleNurseImpactVisitSchema,
  consoleNurseSummarySchema,
  NurseShift,
  NurseSkill,
} from '@visita/domain/contract/console-nurses';
import { parseStoredCart } from '@visita/domain/contract/patients';
import { and, asc, eq, gt, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction, queryRows } from '../../db/database.ts';
import {
  nurseDaysOff,
  nurseExtraShifts,
  nurseSectors,
  nurseShifts,
  nurses,
  sectors,
  visits,
} from '../../db/schema.ts';
import { countryZoneSql } from '../../db/country-zone.ts';
import { likeContaining } from '../../db/like.ts';
import { fail } from '../../errors.ts';
import { recordAudit } from '../audit/queries.ts';
import type { ChangeAuthor } from '../console/operators.ts';
import { bookingReference } from '../notifications/booking-events.ts';
import { shortPatientName } from './agenda.ts';
import { addDays } from '@visita/domain/availability';
import { localDateTimeOf, localParts } from './blocks.ts';

type NurseSummary = z.infer<typeof consoleNurseSummarySchema>;
type NurseDetail = z.infer<typeof consoleNurseDetailSchema>;
type ImpactVisit = z.infer<typeof consoleNurseImpactVisitSchema>;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

interface NurseRow {
  id: number;
  name: string;
  document: string | null;
  phone: string | null;
  email: string | null;
  skills: NurseSkill[];
  active: boolean;
}

async function sectorsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Array<{ id: string; name: string; time_zone: string }>>();
  const rows = await db
    .select({
      nurseId: nurseSectors.nurseId,
      id: sectors.id,
      name: sectors.name,
      timeZone: sectors.timeZone,
    })
    .from(nurseSectors)
    .innerJoin(sectors, eq(sectors.id, nurseSectors.sectorId))
    .where(inArray(nurseSectors.nurseId, [...ids]))
    .orderBy(asc(sectors.name));
  const bySector = new Map<number, Array<{ id: string; name: string; time_zone: string }>>();
  for (const row of rows)
    bySector.set(row.nurseId, [
      ...(bySector.get(row.nurseId) ?? []),
      { id: String(row.id), name: row.name, time_zone: row.timeZone },
    ]);
  return bySector;
}

async function shiftsOf(db: Db, ids: readonly number[]) {
  const byNurse = new Map<number, NurseShift[]>();
  if (ids.length === 0) return byNurse;
  const rows = await db
    .select()
    .from(nurseShifts)
    .where(inArray(nurseShifts.nurseId, [...ids]))
    .orderBy(asc(nurseShifts.weekday), asc(nurseShifts.startsAt));
  for (const row of rows)
    byNurse.set(row.nurseId, [
      ...(byNurse.get(row.nurseId) ?? []),
      { weekday: row.weekday, starts_at: row.startsAt, ends_at: row.endsAt },
    ]);
  return byNurse;
}

const weeklyHours = (shifts: readonly NurseShift[]) =>
  shifts.reduce((sum, shift) => sum + (minutesOf(shift.ends_at) - minutesOf(shift.starts_at)), 0) / 60;

function toSummary(
  row: NurseRow,
  sectorList: NurseSummary['sectors'],
  shifts: readonly NurseShift[],
): NurseSummary {
  return {
    id: String(row.id),
    name: row.name,
    document: row.document,
    phone: row.phone,
    email: row.email,
    skills: [...row.skills].sort(),
    sectors: sectorList,
    active: row.active,
    weekly_hours: weeklyHours(shifts),
  };
}

/** The nurses, by name: of a sector, active or not, or matching a text in name or contact. */
export async function listNurses(
  db: Db,
  query: { q?: string | undefined; sectorId?: string | undefined; active?: boolean | undefined },
): Promise<NurseSummary[]> {
  const text = query.q ? likeContaining(query.q.toLowerCase()) : null;
  const rows = (await db
    .select({
      id: nurses.id,
      name: nurses.name,
      document: nurses.document,
      phone: nurses.phone,
      email: nurses.email,
      skills: nurses.skills,
      active: nurses.active,
    })
    .from(nurses)
    .where(
      and(
        query.active === undefined ? undefined : eq(nurses.active, query.active),
        query.sectorId
          ? sql`exists (select 1 from nurse_sectors ns where ns.nurse_id = ${nurses.id} and ns.sector_id = ${Number(query.sectorId)})`
          : undefined,
        text
          ? sql`(lower(${nurses.name}) like ${text} or lower(coalesce(${nurses.document}, '')) like ${text}
              or lower(coalesce(${nurses.email}, '')) like ${text} or coalesce(${nurses.phone}, '') like ${text})`
          : undefined,
      ),
    )
    .orderBy(asc(nurses.name), asc(nurses.id))
    .limit(500)) as NurseRow[];
  const ids = rows.map((row) => row.id);
  const [sectorMap, shiftMap] = await Promise.all([sectorsOf(db, ids), shiftsOf(db, ids)]);
  return rows.map((row) => toSummary(row, sectorMap.get(row.id) ?? [], shiftMap.get(row.id) ?? []));
}

async function findNurseRow(db: Db, id: number): Promise<NurseRow> {
  const [row] = await db.select().from(nurses).where(eq(nurses.id, id)).limit(1);
  if (!row) throw fail(ERRORS.CONSOLE_NURSE_NOT_FOUND);
  return row as NurseRow;
}

/**
 * One nurse: her summary, weekly shifts, days off and extra shifts from today on, and how many
 * visits she has still to come.
 */
export async function nurseDetail(db: Db, id: number, now: Date = new Date()): Promise<NurseDetail> {
  const row = await findNurseRow(db, id);
  const [sectorMap, shiftMap] = await Promise.all([sectorsOf(db, [id]), shiftsOf(db, [id])]);
  const sectorList = sectorMap.get(id) ?? [];
  const zone = sectorList[0]?.time_zone ?? 'UTC';
  const today = localParts(now, zone).date;
  const [daysOff, extraShifts, upcoming] = await Promise.all([
    db
      .select({ day: nurseDaysOff.day })
      .from(nurseDaysOff)
      .where(and(eq(nurseDaysOff.nurseId, id), gte(nurseDaysOff.day, today)))
      .orderBy(asc(nurseDaysOff.day)),
    db
      .select()
      .from(nurseExtraShifts)
      .where(and(eq(nurseExtraShifts.nurseId, id), gte(nurseExtraShifts.day, today)))
      .orderBy(asc(nurseExtraShifts.day), asc(nurseExtraShifts.startsAt)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(visits)
      .where(
        and(
          eq(visits.nurseId, id),
          gt(visits.blockEnd, now),
          sql`(${visits.status} = 'confirmed' or ${visits.expiresAt} > ${now.toISOString()}::timestamptz)`,
        ),
      ),
  ]);
  const shifts = shiftMap.get(id) ?? [];
  return {
    ...toSummary(row, sectorList, shifts),
    shifts,
    days_off: daysOff.map((day) => String(day.day)),
    extra_shifts: extraShifts.map((row) => ({
      date: String(row.day),
      starts_at: row.startsAt,
      ends_at: row.endsAt,
    })),
    upcoming_visits: Number(upcoming[0]?.count ?? 0),
  };
}

/** The sectors a body names, all known and on one wall clock (her shifts are kept in it). */
async function checkedSectors(db: Db, body: ConsoleNurseBody) {
  const ids = [...new Set(body.sector_ids.map(Number))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: sectors.id, timeZone: sectors.timeZone })
          .from(sectors)
          .where(inArray(sectors.id, ids));
  if (rows.length !== ids.length) throw fail(ERRORS.CONSOLE_NURSE_SECTOR_UNKNOWN);
  const zones = new Set(rows.map((row) => row.timeZone));
  if (zones.size > 1) throw fail(ERRORS.CONSOLE_NURSE_SECTOR_ZONES);
  const [zone] = zones;
  const extraShifts = body.extra_shifts ?? [];
  if ((body.shifts.length > 0 || extraShifts.length > 0) && !zone)
    throw fail(ERRORS.CONSOLE_NURSE_SHIFTS_NEED_SECTOR);
  return { ids, zone: zone ?? 'UTC' };
}

/**
 * An extra shift's day is hers to work: from today on, within a year, and, for one she does not
 * have yet, not a day off of hers (a day off marked later over one she has does not lock her form).
 */
async function checkExtraShifts(
  db: Db,
  id: number | null,
  shifts: readonly NurseExtraShift[],
  zone: string,
  now: Date,
): Promise<void> {
  if (shifts.length === 0) return;
  const today = localParts(now, zone).date;
  if (shifts.some((shift) => shift.date < today)) throw fail(ERRORS.CONSOLE_NURSE_EXTRA_SHIFT_PAST);
  if (shifts.some((shift) => shift.date > addDays(today, 366)))
    throw fail(ERRORS.CONSOLE_NURSE_EXTRA_SHIFT_FAR);
  if (id === null) return;
  const dates = [...new Set(shifts.map((shift) => shift.date))];
  const [offDays, stored] = await Promise.all([
    db
      .select({ day: nurseDaysOff.day })
      .from(nurseDaysOff)
      .where(and(eq(nurseDaysOff.nurseId, id), inArray(nurseDaysOff.day, dates))),
    db
      .select()
      .from(nurseExtraShifts)
      .where(and(eq(nurseExtraShifts.nurseId, id), inArray(nurseExtraShifts.day, dates))),
  ]);
  const off = new Set(offDays.map((row) => String(row.day)));
  const has = new Set(stored.map((row) => `${String(row.day)} ${row.startsAt} ${row.endsAt}`));
  const added = shifts.filter((shift) => !has.has(`${shift.date} ${shift.starts_at} ${shift.ends_at}`));
  if (added.some((shift) => off.has(shift.date))) throw fail(ERRORS.CONSOLE_NURSE_EXTRA_SHIFT_DAY_OFF);
}

const shiftKey = (shift: { weekday: number; starts_at: string; ends_at: string }, zone: string) =>
  `${shift.weekday} ${shift.starts_at} ${shift.ends_at} ${zone}`;

/**
 * Writes the body over nurse `id` in `tx`, in the order the roster guard judges each statement
 * by: new sectors and shifts first, then what is gone, so only what is gone in the end counts.
 */
async function writeNurse(
  tx: Db,
  id: number,
  body: ConsoleNurseBody,
  checked: { ids: number[]; zone: string },
  now: Date,
): Promise<void> {
  await tx
    .update(nurses)
    .set({
      name: body.name,
      document: body.document ?? null,
      phone: body.phone ?? null,
      email: body.email ?? null,
      skills: [...body.skills].sort(),
      active: body.active,
    })
    .where(eq(nurses.id, id));
  if (checked.ids.length > 0)
    await tx
      .insert(nurseSectors)
      .values(checked.ids.map((sectorId) => ({ nurseId: id, sectorId })))
      .onConflictDoNothing();
  const current = await tx.select().from(nurseShifts).where(eq(nurseShifts.nurseId, id));
  const wanted = new Set(body.shifts.map((shift) => shiftKey(shift, checked.zone)));
  const kept = new Set<string>();
  const gone: number[] = [];
  for (const row of current) {
    const key = shiftKey(
      { weekday: row.weekday, starts_at: row.startsAt, ends_at: row.endsAt },
      row.timeZone,
    );
    if (wanted.has(key) && !kept.has(key)) kept.add(key);
    else gone.push(row.id);
  }
  const added = body.shifts.filter((shift) => !kept.has(shiftKey(shift, checked.zone)));
  if (added.length > 0)
    await tx.insert(nurseShifts).values(
      added.map((shift) => ({
        nurseId: id,
        weekday: shift.weekday,
        startsAt: shift.starts_at,
        endsAt: shift.ends_at,
        timeZone: checked.zone,
      })),
    );
  const goneExtras = body.extra_shifts
    ? await writeExtraShifts(tx, id, body.extra_shifts, checked.zone, now)
    : [];
  await tx
    .delete(nurseSectors)
    .where(
      and(
        eq(nurseSectors.nurseId, id),
        checked.ids.length > 0 ? notInArray(nurseSectors.sectorId, checked.ids) : undefined,
      ),
    );
  if (gone.length > 0) await tx.delete(nurseShifts).where(inArray(nurseShifts.id, gone));
  if (goneExtras.length > 0)
    await tx.delete(nurseExtraShifts).where(inArray(nurseExtraShifts.id, goneExtras));
}

const extraShiftKey = (shift: NurseExtraShift, zone: string) =>
  `${shift.date} ${shift.starts_at} ${shift.ends_at} ${zone}`;

/**
 * Adds the extra shifts she lacks from today on, and answers the ids of those no longer wanted
 * (deleted last by the caller, as weekly shifts are). Past ones are left as they were.
 */
async function writeExtraShifts(
  tx: Db,
  id: number,
  wanted: readonly NurseExtraShift[],
  zone: string,
  now: Date,
): Promise<number[]> {
  const today = localParts(now, zone).date;
  const current = await tx
    .select()
    .from(nurseExtraShifts)
    .where(
      and(
        eq(nurseExtraShifts.nurseId, id),
        // Her current zone's today, and the day before: a row kept in another zone may still be today there.
        gte(nurseExtraShifts.day, addDays(today, -1)),
      ),
    );
  const wantedKeys = new Set(wanted.map((shift) => extraShiftKey(shift, zone)));
  const kept = new Set<string>();
  const gone: number[] = [];
  for (const row of current) {
    if (row.day < localParts(now, row.timeZone).date) continue;
    const key = extraShiftKey({ date: row.day, starts_at: row.startsAt, ends_at: row.endsAt }, row.timeZone);
    if (wantedKeys.has(key) && !kept.has(key)) kept.add(key);
    else gone.push(row.id);
  }
  const added = wanted.filter((shift) => !kept.has(extraShiftKey(shift, zone)));
  if (added.length > 0)
    await tx.insert(nurseExtraShifts).values(
      added.map((shift) => ({
        nurseId: id,
        day: shift.date,
        startsAt: shift.starts_at,
        endsAt: shift.ends_at,
        timeZone: zone,
      })),
    );
  return gone;
}

interface UncoveredRow {
  visit_id: string;
  appointment_id: string;
  status: 'hold' | 'confirmed';
  block_start: Date | string;
  block_end: Date | string;
  time_zone: string;
  comuna: string | null;
  patients: unknown;
}

/** The visits of hers the database says her roster no longer covers, soonest first. */
async function uncoveredVisits(tx: Db, id: number): Promise<ImpactVisit[]> {
  const rows = await queryRows<UncoveredRow>(
    tx,
    sql`select v.id::text as visit_id, v.appointment_id::text as appointment_id, v.status, v.block_start, v.block_end,
        coalesce(s.time_zone, ${countryZoneSql(sql`a.country`)}) as time_zone,
        a.comuna, a.patients
      from nurse_uncovered_visits(${id}) u(id)
      join visits v on v.id = u.id
      join appointments a on a.id = v.appointment_id
      left join sectors s on s.id = a.sector_id
      order by v.block_start, v.id`,
  );
  return rows.map((row) => {
    const patients = parseStoredCart(
      typeof row.patients === 'string' ? JSON.parse(row.patients) : row.patients,
    );
    const first = patients[0];
    return {
      visit_id: row.visit_id,
      appointment_id: row.appointment_id,
      code: bookingReference(row.appointment_id),
      patient: shortPatientName(first?.first_name ?? null, first?.last_name ?? null),
      commune: row.comuna || null,
      begin_date: localDateTimeOf(new Date(row.block_start), row.time_zone),
      end_date: localDateTimeOf(new Date(row.block_end), row.time_zone),
      status: row.status,
    };
  });
}

/** Marks every visit of hers still to come as kept (the guard then passes); the ids it marked. */
async function keepAllOfHers(tx: Db, id: number, now: Date): Promise<string[]> {
  const marked = await tx
    .update(visits)
    .set({ keptOffRoster: true })
    .where(and(eq(visits.nurseId, id), gt(visits.blockEnd, now), eq(visits.keptOffRoster, false)))
    .returning({ id: visits.id });
  return marked.map((row) => row.id);
}

/** Rolls a dry run back once its answer is read. */
class DryRun extends Error {
  constructor(readonly visits: ImpactVisit[]) {
    super('dry run');
  }
}

/** What saving `body` over nurse `id` would leave uncovered; nothing is written. */
export async function nurseChangeImpact(
  db: Db,
  id: number,
  body: ConsoleNurseBody,
  now: Date = new Date(),
): Promise<ImpactVisit[]> {
  await findNurseRow(db, id);
  const checked = await checkedSectors(db, body);
  await checkExtraShifts(db, id, body.extra_shifts ?? [], checked.zone, now);
  try {
    await inTransaction(db, async (tx) => {
      const marked = await keepAllOfHers(tx, id, now);
      await writeNurse(tx, id, body, checked, now);
      if (marked.length > 0)
        await tx.update(visits).set({ keptOffRoster: false }).where(inArray(visits.id, marked));
      throw new DryRun(await uncoveredVisits(tx, id));
    });
  } catch (error) {
    if (error instanceof DryRun) return error.visits;
    throw error;
  }
  return [];
}

/** Saves `body` over nurse `id`: refused (409) while a visit it uncovers is neither moved nor kept. */
export async function updateNurse(
  db: Db,
  id: number,
  body: ConsoleNurseBody,
  author: ChangeAuthor,
  now: Date = new Date(),
): Promise<NurseDetail> {
  const before = await nurseDetail(db, id, now);
  const checked = await checkedSectors(db, body);
  await checkExtraShifts(db, id, body.extra_shifts ?? [], checked.zone, now);
  const keep = new Set(body.keep_visit_ids ?? []);
  await inTransaction(db, async (tx) => {
    const marked = await keepAllOfHers(tx, id, now);
    await writeNurse(tx, id, body, checked, now);
    const release = marked.filter((visitId) => !keep.has(visitId));
    if (release.length > 0)
      await tx.update(visits).set({ keptOffRoster: false }).where(inArray(visits.id, release));
    const uncovered = await uncoveredVisits(tx, id);
    if (uncovered.length > 0) throw fail(ERRORS.CONSOLE_NURSE_VISITS_AFFECTED);
    const keptNow = marked.filter((visitId) => keep.has(visitId));
    await recordAudit(tx, {
      actor: author.actor,
      operatorId: author.operatorId,
      action: 'nurse.updated',
      entityType: 'nurse',
      entityId: String(id),
      partnerId: null,
      before: auditView(before),
      after: { ...auditView({ ...body, sector_ids: checked.ids.map(String) }), kept_visits: keptNow },
    });
  });
  return nurseDetail(db, id, now);
}

/** Creates a nurse (no visit can be affected yet). */
export async function createNurse(
  db: Db,
  body: ConsoleNurseBody,
  author: ChangeAuthor,
  now: Date = new Date(),
): Promise<NurseDetail> {
  const checked = await checkedSectors(db, body);
  await checkExtraShifts(db, null, body.extra_shifts ?? [], checked.zone, now);
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(nurses)
      .values({ name: body.name, skills: [...body.skills].sort(), active: body.active })
      .returning({ id: nurses.id });
    if (!row) throw new Error('nurse not created');
    await writeNurse(tx, row.id, body, checked, now);
    await recordAudit(tx, {
      actor: author.actor,
      operatorId: author.operatorId,
      action: 'nurse.created',
      entityType: 'nurse',
      entityId: String(row.id),
      partnerId: null,
      after: auditView({ ...body, sector_ids: checked.ids.map(String) }),
    });
    return row.id;
  });
  return nurseDetail(db, id, now);
}

/** Takes back one of her days off (it cannot uncover a visit). */
export async function deleteNurseDayOff(
  db: Db,
  id: number,
  day: string,
  author: ChangeAuthor,
  now: Date = new Date(),
): Promise<NurseDetail> {
  await findNurseRow(db, id);
  await inTransaction(db, async (tx) => {
    const gone = await tx
      .delete(nurseDaysOff)
      .where(and(eq(nurseDaysOff.nurseId, id), eq(nurseDaysOff.day, day)))
      .returning({ day: nurseDaysOff.day });
    if (gone.length === 0) throw fail(ERRORS.CONSOLE_NURSE_DAY_OFF_NOT_FOUND);
    await recordAudit(tx, {
      actor: author.actor,
      operatorId: author.operatorId,
      action: 'nurse.updated',
      entityType: 'nurse',
      entityId: String(id),
      partnerId: null,
      before: { day_off: day },
      after: { day_off: null },
    });
  });
  return nurseDetail(db, id, now);
}

/** What the audit log keeps of a nurse: her fields, not her visits. */
function auditView(nurse: {
  name: string;
  document?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  skills: readonly string[];
  sector_ids?: readonly string[];
  sectors?: ReadonlyArray<{ id: string }>;
  shifts: readonly NurseShift[];
  extra_shifts?: readonly NurseExtraShift[] | undefined;
  active: boolean;
}) {
  return {
    name: nurse.name,
    document: nurse.document ?? null,
    phone: nurse.phone ?? null,
    email: nurse.email ?? null,
    skills: [...nurse.skills].sort(),
    sector_ids: nurse.sector_ids ?? (nurse.sectors ?? []).map((sector) => sector.id),
    shifts: nurse.shifts.map((shift) => `${shift.weekday} ${shift.starts_at}-${shift.ends_at}`),
    ...(nurse.extra_shifts
      ? {
          extra_shifts: nurse.extra_shifts.map(
            (shift) => `${shift.date} ${shift.starts_at}-${shift.ends_at}`,
          ),
        }
      : {}),
    active: nurse.active,
  };
}
