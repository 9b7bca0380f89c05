import { and, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { type Db, instantPlaceholder, perDatabase, queryRows, sqlStateOf } from '../../db/database.ts';
import { alias } from 'drizzle-orm/pg-core';
import {
  appointments,
  blockLoad,
  blockLoadFreed,
  nurseSectors,
  nurses,
  type ServiceSkill,
  sectors,
  visits,
} from '../../db/schema.ts';

export type VisitRow = typeof visits.$inferSelect;
export type SectorRow = typeof sectors.$inferSelect;

export interface ShiftPattern {
  weekday: number;
  starts_at: string;
  ends_at: string;
  time_zone: string;
}

/** A shift on one local date ('YYYY-MM-DD' in its zone), beside the weekly ones. */
export interface ExtraShift {
  date: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
}

/** An active nurse of a sector who has the needed skills, with shifts and days off in a range. */
export interface SectorNurse {
  id: number;
  shifts: ShiftPattern[];
  /** 'YYYY-MM-DD' local dates. */
  days_off: string[];
  /** Her extra shifts in the same range. */
  extra_shifts: ExtraShift[];
}

/** Her extra shifts between two local dates, as a json array (findSectorNurses, the agenda). */
export const extraShiftsBetween = (dates: { from: string; to: string }) =>
  sql`coalesce((select json_agg(json_build_object('date', to_char(x.day, 'YYYY-MM-DD'),
                      'starts_at', x.starts_at, 'ends_at', x.ends_at, 'time_zone', x.time_zone))
                    from nurse_extra_shifts x
                    where x.nurse_id = n.id and x.day between ${dates.from}::date and ${dates.to}::date),
                   '[]'::json)`;

export async function findSectorById(db: Db, id: number): Promise<SectorRow | undefined> {
  const [row] = await db.select().from(sectors).where(eq(sectors.id, id)).limit(1);
  return row;
}

const sharing = alias(nurseSectors, 'sharing');

function prepareFindSectorsSharingNurses(db: Db) {
  return db
    .selectDistinct({ sectorId: sharing.sectorId })
    .from(nurseSectors)
    .innerJoin(sharing, eq(sharing.nurseId, nurseSectors.nurseId))
    .where(eq(nurseSectors.sectorId, sql.placeholder('sectorId')))
    .prepare('sectors_sharing_nurses');
}

const preparedFindSectorsSharingNurses = perDatabase(prepareFindSectorsSharingNurses);

/** The sector and every other sector one of its nurses serves (any state, any source). */
export async function findSectorsSharingNurses(db: Db, sectorId: number): Promise<number[]> {
  const rows = await preparedFindSectorsSharingNurses(db).execute({ sectorId });
  return [...new Set([sectorId, ...rows.map((row) => row.sectorId)])];
}

/**
 * Every active nurse serving the sector with all the skills, their weekly shifts, and their days
 * off and extra shifts between two dates: one query whatever the number of nurses.
 */
export async function findSectorNurses(
  db: Db,
  sectorId: number,
  skills: readonly ServiceSkill[],
  daysOff: { from: string; to: string },
): Promise<SectorNurse[]> {
  const rows = await queryRows<{
    id: number;
    shifts: ShiftPattern[];
    days_off: string[];
    extra_shifts: ExtraShift[];
  }>(
    db,
    sql`select n.id,
          coalesce((select json_agg(json_build_object('weekday', s.weekday, 'starts_at', s.starts_at,
                      'ends_at', s.ends_at, 'time_zone', s.time_zone))
                    from nurse_shifts s where s.nurse_id = n.id), '[]'::json) as shifts,
          coalesce((select json_agg(to_char(d.day, 'YYYY-MM-DD'))
                    from nurse_days_off d
                    where d.nurse_id = n.id and d.day between ${daysOff.from}::date and ${daysOff.to}::date),
                   '[]'::json) as days_off,
          ${extraShiftsBetween(daysOff)} as extra_shifts
        from nurses n
        join nurse_sectors ns on ns.nurse_id = n.id
        where ns.sector_id = ${sectorId} and n.active
          and n.skills @> ${JSON.stringify(skills)}::jsonb
        order by n.id`,
  );
  // Drivers differ on json parsing (node-postgres parses, PGlite too; strings are parsed defensively).
  return rows.map((row) => ({
    id: Number(row.id),
    shifts: typeof row.shifts === 'string' ? (JSON.parse(row.shifts) as ShiftPattern[]) : row.shifts,
    days_off: typeof row.days_off === 'string' ? (JSON.parse(row.days_off) as string[]) : row.days_off,
    extra_shifts:
      typeof row.extra_shifts === 'string'
        ? (JSON.parse(row.extra_shifts) as ExtraShift[])
        : row.extra_shifts,
  }));
}

function prepareCountVisits(db: Db) {
  // One row of text, 'start:visits,…': a few hundred rows parsed by the driver and mapped by
  // drizzle cost more CPU than the query itself. A row per skill set of a block, and freed
  // visits not yet compacted as negative rows: summed per block by the caller, which costs it
  // little and PostgreSQL half its time (no sort, no grouping). Starts in whole seconds through
  // date_part (a double): extract() is numeric, several times slower per row.
  const range = sql`sector_id = ${sql.placeholder('sectorId')}
          and block_start >= ${instantPlaceholder('from')}
          and block_start < ${instantPlaceholder('to')}
          and skills @> ${sql.placeholder('skills')}::jsonb`;
  const seconds = sql`date_part('epoch', u.block_start)::int8`;
  return db
    .select({
      counts: sql<string | null>`(select string_agg(${seconds} || ':' || u.visits, ',')
        from (select block_start, visits from ${blockLoad} where ${range}
              union all
              select block_start, -visits from ${blockLoadFreed} where ${range}) u)`,
    })
    .from(sql`(select 1) one`)
    .prepare('block_load_count');
}

const preparedCountVisits = perDatabase(prepareCountVisits);

/**
 * Visits per block start (ms) between two instants of the sector's nurses who have the skills
 * (block_load: one indexed range of a few hundred rows for a month, whatever the number of
 * visits). Never lower than the nurses busy there: an expired hold counts until the sweep.
 */
export async function countBusyFromLoad(
  db: Db,
  sectorId: number,
  skills: readonly ServiceSkill[],
  range: { from: Date; to: Date },
): Promise<Map<number, number>> {
  const prepared = preparedCountVisits(db);
  const [row] = await prepared.execute({
    sectorId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    skills: JSON.stringify(skills),
  });
  const counts = new Map<number, number>();
  for (const pair of row?.counts ? row.counts.split(',') : []) {
    const colon = pair.indexOf(':');
    const start = Number(pair.slice(0, colon)) * 1000;
    counts.set(start, (counts.get(start) ?? 0) + Number(pair.slice(colon + 1)));
  }
  return counts;
}

/**
 * Folds the freed visits into block_load (migration 0008's block_load_compact): every few
 * seconds, from any instance. Returns how many counts changed.
 */
export async function compactBlockLoad(db: Db): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(db, sql`select block_load_compact() as folded`);
  return Number(row?.folded ?? 0);
}

/**
 * The sector's nurses busy in each of the given blocks (confirmed visits and holds not yet
 * expired), one row per block: for the blocks where the count of busy nurses does not settle
 * whether one is free.
 */
export async function findBusyNurseBlocks(
  db: Db,
  sectorId: number,
  blockStarts: readonly number[],
  now: Date,
): Promise<Array<{ blockStart: number; nurseIds: number[] }>> {
  if (blockStarts.length === 0) return [];
  const starts = sql.join(
    blockStarts.map((start) => sql`${new Date(start).toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await queryRows<{ block_start: number | string; nurse_ids: string }>(
    db,
    sql`select (extract(epoch from v.block_start) * 1000)::float8 as block_start, string_agg(v.nurse_id::text, ',') as nurse_ids
        from visits v
        where v.nurse_id = any(array(select ns.nurse_id from nurse_sectors ns where ns.sector_id = ${sectorId}))
          and v.block_start in (${starts})
          and (v.status = 'confirmed' or v.expires_at > ${now.toISOString()}::timestamptz)
        group by v.block_start`,
  );
  return rows.map((row) => ({
    blockStart: Number(row.block_start),
    // A comma list: splitting text is much cheaper than the drivers' int[] parsers.
    nurseIds: row.nurse_ids.split(',').map(Number),
  }));
}

// Moving a visit runs these in its transaction, and every confirmation the last: prepared, so
// PostgreSQL plans each once per connection.
const preparedDeleteExpiredHolds = perDatabase((db: Db) =>
  db
    .delete(visits)
    .where(
      inArray(
        visits.id,
        sql`(select ${visits.id} from ${visits}
             where ${visits.blockStart} = ${instantPlaceholder('blockStart')}
               and ${visits.status} = 'hold' and ${visits.expiresAt} < ${instantPlaceholder('now')}
             for update skip locked)`,
      ),
    )
    .prepare('visits_delete_expired_holds'),
);

/**
 * Holds of a block whose time is up: deleted so the block can be taken again. One another
 * transaction is deleting or confirming is skipped, not waited for (waiting is how a hold and
 * the sweep would deadlock); the insert that follows waits for it through the unique index.
 */
export async function deleteExpiredHolds(db: Db, blockStart: Date, now: Date): Promise<void> {
  await preparedDeleteExpiredHolds(db).execute({
    blockStart: blockStart.toISOString(),
    now: now.toISOString(),
  });
}

const preparedFindVisitOfAppointment = perDatabase((db: Db) =>
  db
    .select()
    .from(visits)
    .where(eq(visits.appointmentId, sql.placeholder('appointmentId')))
    .limit(1)
    .prepare('visits_of_appointment'),
);

export async function findVisitOfAppointment(db: Db, appointmentId: string): Promise<VisitRow | undefined> {
  const [row] = await preparedFindVisitOfAppointment(db).execute({ appointmentId });
  return row;
}

const preparedInsertHold = perDatabase((db: Db) =>
  db
    .insert(visits)
    .values({
      appointmentId: sql.placeholder('appointmentId'),
      nurseId: sql.placeholder('nurseId'),
      blockStart: instantPlaceholder('blockStart'),
      blockEnd: instantPlaceholder('blockEnd'),
      expiresAt: instantPlaceholder('expiresAt'),
      status: 'hold',
    })
    .onConflictDoNothing()
    .returning()
    .prepare('visits_insert_hold'),
);

/**
 * Inserts a hold unless the nurse already has a visit in that block (or the appointment one):
 * the unique indexes decide, atomically, even under concurrent requests. Null when taken.
 */
export async function insertHoldIfFree(
  db: Db,
  hold: { appointmentId: string; nurseId: number; blockStart: Date; blockEnd: Date; expiresAt: Date },
): Promise<VisitRow | null> {
  const [row] = await preparedInsertHold(db).execute({
    appointmentId: hold.appointmentId,
    nurseId: hold.nurseId,
    blockStart: hold.blockStart.toISOString(),
    blockEnd: hold.blockEnd.toISOString(),
    expiresAt: hold.expiresAt.toISOString(),
  });
  return row ?? null;
}

const preparedConfirmVisitOfAppointment = perDatabase((db: Db) =>
  db
    .update(visits)
    .set({ status: 'confirmed', expiresAt: null })
    .where(eq(visits.appointmentId, sql.placeholder('appointmentId')))
    .returning()
    .prepare('visits_confirm_of_appointment'),
);

/** Makes the appointment's visit permanent; undefined when it has none (its hold was deleted). */
export async function confirmVisitOfAppointment(
  db: Db,
  appointmentId: string,
): Promise<VisitRow | undefined> {
  const [row] = await preparedConfirmVisitOfAppointment(db).execute({ appointmentId });
  return row;
}

/** The SQLSTATE visits_hold_block raises when every nurse of the block is taken. */
const HOLD_TAKEN = 'VH001';

const preparedHoldBlock = perDatabase((db: Db) =>
  db
    .select({
      visitId: sql<string | null>`visits_hold_block(${sql.placeholder('appointmentId')}::uuid,
        ${sql.placeholder('statuses')}::text[], ${sql.placeholder('nurseIds')}::int[],
        ${instantPlaceholder('blockStart')}, ${instantPlaceholder('blockEnd')}, ${instantPlaceholder('expiresAt')}, ${instantPlaceholder('now')})`,
    })
    .from(sql`(select 1) one`)
    .prepare('visits_hold_block'),
);

/**
 * A hold in one statement (the database's visits_hold_block, migration 0012): the appointment
 * marked scheduled while in one of `statuses`, the block's lapsed holds and the appointment's own
 * hold deleted, then the first of `nurseIds`, in their order, without a live visit in the block
 * held until `expiresAt`; the unique indexes decide between racing holds. 'not-schedulable' when
 * the appointment left those statuses, 'taken' when no nurse is left (nothing changed then).
 */
export async function holdBlockForAppointment(
  db: Db,
  hold: {
    appointmentId: string;
    statuses: readonly string[];
    nurseIds: readonly number[];
    blockStart: Date;
    blockEnd: Date;
    expiresAt: Date;
    now: Date;
  },
): Promise<'held' | 'not-schedulable' | 'taken'> {
  try {
    const [row] = await preparedHoldBlock(db).execute({
      appointmentId: hold.appointmentId,
      statuses: [...hold.statuses],
      nurseIds: [...hold.nurseIds],
      blockStart: hold.blockStart.toISOString(),
      blockEnd: hold.blockEnd.toISOString(),
      expiresAt: hold.expiresAt.toISOString(),
      now: hold.now.toISOString(),
    });
    return row?.visitId ? 'held' : 'not-schedulable';
  } catch (error) {
    if (sqlStateOf(error) === HOLD_TAKEN) return 'taken';
    throw error;
  }
}

// Every public hold counts first, then records where it came from: prepared.
const preparedCountLiveHoldsFrom = perDatabase((db: Db) =>
  db
    .select({
      address: count(),
      browser: sql<number>`count(*) filter (where coalesce(${appointments.heldBy}, '') = ${sql.placeholder('heldBy')}::text)`,
    })
    .from(appointments)
    .innerJoin(visits, eq(visits.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.heldFrom, sql.placeholder('heldFrom')),
        eq(appointments.status, 'scheduled'),
        ne(appointments.id, sql.placeholder('appointmentId')),
        eq(visits.status, 'hold'),
        gt(visits.expiresAt, instantPlaceholder('now')),
      ),
    )
    .prepare('appointments_count_live_holds_from'),
);

/** A public caller: its network (client-address.ts's key) and its browser key ('' for none). */
export interface Holder {
  heldFrom: string;
  heldBy: string;
}

/**
 * The live holds (not confirmed, not lapsed) of other appointments held from a network, all of
 * them and those of one browser there: the appointment being held again is left out, so a person
 * changing their time keeps counting once.
 */
export async function countLiveHoldsFrom(
  db: Db,
  hold: Holder & { appointmentId: string; now: Date },
): Promise<{ address: number; browser: number }> {
  const [row] = await preparedCountLiveHoldsFrom(db).execute({
    heldFrom: hold.heldFrom,
    heldBy: hold.heldBy,
    appointmentId: hold.appointmentId,
    now: hold.now.toISOString(),
  });
  return { address: Number(row?.address ?? 0), browser: Number(row?.browser ?? 0) };
}

/** A confirmed visit nobody paid for: nothing charged online, nothing billed to a company. */
const UNPAID = sql`coalesce((${appointments.quote}#>>'{due,online}')::numeric, 0) = 0
  and coalesce((${appointments.quote}#>>'{due,company}')::numeric, 0) = 0`;

/**
 * The visits of one sector's local day a network keeps: its live holds and its visits confirmed
 * without payment, the appointment being held left out.
 */
export async function countSectorDayKeptFrom(
  db: Db,
  keep: {
    heldFrom: string;
    sectorId: number;
    timeZone: string;
    date: string;
    appointmentId: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await db
    .select({ kept: count() })
    .from(appointments)
    .innerJoin(visits, eq(visits.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.heldFrom, keep.heldFrom),
        eq(appointments.sectorId, keep.sectorId),
        ne(appointments.id, keep.appointmentId),
        sql`(${visits.blockStart} at time zone ${keep.timeZone})::date = ${keep.date}::date`,
        or(
          and(
            eq(appointments.status, 'scheduled'),
            eq(visits.status, 'hold'),
            gt(visits.expiresAt, keep.now),
          ),
          and(eq(appointments.status, 'confirmed'), eq(visits.status, 'confirmed'), UNPAID),
        ),
      ),
    );
  return Number(row?.kept ?? 0);
}

/** The visits a network confirmed without payment since `since`: all of them, and one browser's. */
export async function countUnpaidConfirmationsFrom(
  db: Db,
  confirmed: Holder & { since: Date },
): Promise<{ address: number; browser: number }> {
  const [row] = await db
    .select({
      address: count(),
      browser: sql<number>`count(*) filter (where coalesce(${appointments.heldBy}, '') = ${confirmed.heldBy})`,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.heldFrom, confirmed.heldFrom),
        eq(appointments.status, 'confirmed'),
        gt(appointments.confirmedAt, confirmed.since),
        UNPAID,
      ),
    );
  return { address: Number(row?.address ?? 0), browser: Number(row?.browser ?? 0) };
}

const preparedSetHeldFrom = perDatabase((db: Db) =>
  db
    .update(appointments)
    .set({
      heldFrom: sql`${sql.placeholder('heldFrom')}::text`,
      heldBy: sql`${sql.placeholder('heldBy')}::text`,
    })
    .where(eq(appointments.id, sql.placeholder('appointmentId')))
    .prepare('appointments_set_held_from'),
);

/** Records who holds the appointment's block: a public caller, or null for staff. */
export async function setHeldFrom(db: Db, appointmentId: string, holder: Holder | null): Promise<void> {
  await preparedSetHeldFrom(db).execute({
    appointmentId,
    heldFrom: holder?.heldFrom ?? null,
    // No browser key is stored as none.
    heldBy: holder?.heldBy || null,
  });
}

/** Nurses' names by id (the console's moves, absences and travel name the nurses they offer). */
export async function findNurseNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: nurses.id, name: nurses.name })
    .from(nurses)
    .where(inArray(nurses.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
