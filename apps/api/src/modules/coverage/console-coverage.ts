/**
 * The console's coverage (coverage.manage): the sectors of each sales source, with the other
 * sectors of the source whose area overlaps theirs; creating and changing one (one transaction,
 * audited as sector.created and sector.updated); and an address tested as the widget tests it.
 *
 * The widget sees a change at once: every write to `sectors` fires the roster trigger (migration
 * 0008), which tells every instance to forget the sectors and rosters it keeps (RosterCache).
 */
import { area } from '@turf/area';
import { featureCollection, polygon as turfPolygon } from '@turf/helpers';
import { intersect } from '@turf/intersect';
import { kinks } from '@turf/kinks';
import * as ERRORS from '@visita/domain/contract/api-errors';
import type {
  ConsoleCoverageLookupAnswer,
  ConsoleCoverageSector,
  consoleSectorBodySchema,
} from '@visita/domain/contract/console-coverage';
import type { consoleNurseImpactVisitSchema, NurseSkill } from '@visita/domain/contract/console-nurses';
import { parseStoredCart } from '@visita/domain/contract/patients';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Geocoder } from '../../adapters/geocoders/geocoder.ts';
import { allPlaces } from '../../adapters/geocoders/gazetteer.ts';
import { type Db, inTransaction, queryRows } from '../../db/database.ts';
import { clients, nurseSectors, nurses, sectors } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { recordAudit } from '../audit/queries.ts';
import type { ChangeAuthor } from '../console/operators.ts';
import { bookingReference } from '../notifications/booking-events.ts';
import { shortPatientName } from '../scheduling/agenda.ts';
import { localDateTimeOf } from '../scheduling/blocks.ts';
import { findCoveringSector, isRegionBlocked, type SectorRow, type SectorsOfSource } from './service.ts';

type SectorBody = z.output<typeof consoleSectorBodySchema>;
type Ring = [number, number][];
type BookedVisit = z.infer<typeof consoleNurseImpactVisitSchema>;

/**
 * A sector change refused because it leaves booked visits without their service; the route
 * answers 409 with them (their ids and appointments), so the coordinator can cancel or keep each.
 */
export class SectorVisitsBooked extends Error {
  constructor(readonly visits: BookedVisit[]) {
    super('sector change leaves booked visits');
  }
}

/**
 * Two sectors overlap when the area they share is at least this part of the smaller one: sectors
 * drawn to meet along a border (the demo's, a commune's neighbours) share slivers, not area.
 */
const OVERLAP_SHARE = 0.005;

const bboxOf = (rings: readonly Ring[]) => {
  const outer = rings[0] ?? [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
};

/** Whether two polygons share more than a sliver of area. */
function overlapping(a: readonly Ring[], b: readonly Ring[]): boolean {
  const boxA = bboxOf(a);
  const boxB = bboxOf(b);
  if (boxA.maxX < boxB.minX || boxB.maxX < boxA.minX || boxA.maxY < boxB.minY || boxB.maxY < boxA.minY)
    return false;
  try {
    const first = turfPolygon(a as Ring[]);
    const second = turfPolygon(b as Ring[]);
    const shared = intersect(featureCollection([first, second]));
    if (!shared) return false;
    return area(shared) >= OVERLAP_SHARE * Math.min(area(first), area(second));
  } catch {
    // A polygon stored before the console checked them (self-crossing): no overlap is claimed.
    return false;
  }
}

/** The overlaps within each source and country of `rows`, by sector id. */
function overlapsOf(rows: readonly SectorRow[], others: readonly SectorRow[]) {
  const found = new Map<number, Array<{ id: string; name: string }>>();
  for (const row of rows) {
    const list = others
      .filter(
        (other) =>
          other.id !== row.id &&
          other.salesSource === row.salesSource &&
          other.country === row.country &&
          overlapping(row.polygon, other.polygon),
      )
      .map((other) => ({ id: String(other.id), name: other.name }));
    found.set(row.id, list);
  }
  return found;
}

async function activeNurseCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ sectorId: nurseSectors.sectorId, count: sql<number>`count(*)::int` })
    .from(nurseSectors)
    .innerJoin(nurses, eq(nurses.id, nurseSectors.nurseId))
    .where(eq(nurses.active, true))
    .groupBy(nurseSectors.sectorId);
  return new Map(rows.map((row) => [row.sectorId, Number(row.count)]));
}

function toAnswer(
  row: SectorRow,
  counts: Map<number, number>,
  overlaps: Map<number, Array<{ id: string; name: string }>>,
): ConsoleCoverageSector {
  return {
    id: String(row.id),
    name: row.name,
    sales_source: row.salesSource,
    country: row.country,
    time_zone: row.timeZone,
    services: [...row.services].sort() as NurseSkill[],
    polygon: row.polygon,
    active: row.active,
    nurses: counts.get(row.id) ?? 0,
    overlaps: overlaps.get(row.id) ?? [],
  };
}

/** GET /console/coverage/sectors: by source, country and name, each with its overlaps. */
export async function listCoverageSectors(
  db: Db,
  query: { salesSource?: string | undefined; country?: 'cl' | 'mx' | undefined },
): Promise<ConsoleCoverageSector[]> {
  const rows = await db
    .select()
    .from(sectors)
    .where(
      and(
        query.salesSource ? eq(sectors.salesSource, query.salesSource) : undefined,
        query.country ? eq(sectors.country, query.country) : undefined,
      ),
    )
    .orderBy(asc(sectors.salesSource), asc(sectors.country), asc(sectors.name), asc(sectors.id));
  const [counts, overlaps] = [await activeNurseCounts(db), overlapsOf(rows, rows)];
  return rows.map((row) => toAnswer(row, counts, overlaps));
}

async function findSector(db: Db, id: number): Promise<SectorRow> {
  const [row] = await db.select().from(sectors).where(eq(sectors.id, id)).limit(1);
  if (!row) throw fail(ERRORS.CONSOLE_SECTOR_NOT_FOUND);
  return row;
}

/** GET /console/coverage/sectors/:id: one sector, with the sectors of its source it overlaps. */
export async function coverageSectorDetail(db: Db, id: number): Promise<ConsoleCoverageSector> {
  const row = await findSector(db, id);
  const siblings = await db
    .select()
    .from(sectors)
    .where(and(eq(sectors.salesSource, row.salesSource), eq(sectors.country, row.country)));
  return toAnswer(row, await activeNurseCounts(db), overlapsOf([row], siblings));
}

/** The sales sources partners sell under, in order. */
export async function knownSalesSources(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: clients.salesSource })
    .from(clients)
    .orderBy(asc(clients.salesSource));
  return rows.map((row) => row.source);
}

/** Whether a polygon's rings cross themselves or each other (turf's kinks). */
function crossesItself(rings: Ring[]): boolean {
  try {
    return kinks(turfPolygon(rings)).features.length > 0;
  } catch {
    return true;
  }
}

/** The body as stored, once its source exists and its polygon does not cross itself. */
async function checkedFields(db: Db, body: SectorBody) {
  if (!(await knownSalesSources(db)).includes(body.sales_source))
    throw fail(ERRORS.CONSOLE_SECTOR_UNKNOWN_SOURCE);
  if (crossesItself(body.polygon)) throw fail(ERRORS.CONSOLE_SECTOR_SELF_INTERSECTS);
  return {
    name: body.name,
    salesSource: body.sales_source,
    country: body.country,
    timeZone: body.time_zone,
    services: [...body.services].sort(),
    polygon: body.polygon,
    active: body.active,
  } satisfies Partial<typeof sectors.$inferInsert>;
}

/** What the audit log keeps of a sector: its fields, the polygon as its points' count. */
const auditView = (row: ReturnType<typeof toAnswer> | Awaited<ReturnType<typeof checkedFields>>) => ({
  name: row.name,
  sales_source: 'salesSource' in row ? row.salesSource : row.sales_source,
  country: row.country,
  time_zone: 'timeZone' in row ? row.timeZone : row.time_zone,
  services: row.services,
  polygon: row.polygon,
  active: row.active,
});

/** POST /console/coverage/sectors: a new sector, audited as sector.created. */
export async function createCoverageSector(
  db: Db,
  body: SectorBody,
  author: ChangeAuthor,
): Promise<ConsoleCoverageSector> {
  const fields = await checkedFields(db, body);
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx.insert(sectors).values(fields).returning({ id: sectors.id });
    if (!row) throw new Error('sector not created');
    await recordAudit(tx, {
      actor: author.actor,
      operatorId: author.operatorId,
      action: 'sector.created',
      entityType: 'sector',
      entityId: String(row.id),
      partnerId: null,
      before: null,
      after: auditView(fields),
    });
    return row.id;
  });
  return coverageSectorDetail(db, id);
}

/**
 * PUT /console/coverage/sectors/:id: every field. Its time zone does not change while nurses
 * serve it (their shifts are kept in it): 409. Audited as sector.updated, before and after.
 */
export async function updateCoverageSector(
  db: Db,
  id: number,
  body: SectorBody,
  author: ChangeAuthor,
): Promise<ConsoleCoverageSector> {
  const fields = await checkedFields(db, body);
  await inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(sectors).where(eq(sectors.id, id)).for('update');
    if (!current) throw fail(ERRORS.CONSOLE_SECTOR_NOT_FOUND);
    if (current.timeZone !== fields.timeZone) {
      const [served] = await tx
        .select({ id: nurseSectors.nurseId })
        .from(nurseSectors)
        .where(eq(nurseSectors.sectorId, id))
        .limit(1);
      if (served) throw fail(ERRORS.CONSOLE_SECTOR_ZONE_HAS_NURSES);
    }
    // Every visit the change leaves without service must be named as kept; one booked since the
    // coordinator read the list is not, and is refused again to be seen.
    const booked = await visitsLeftWithoutService(tx, id, current, fields);
    const keep = new Set(body.keep_visit_ids ?? []);
    if (booked.some((visit) => !keep.has(visit.visit_id))) throw new SectorVisitsBooked(booked);
    await tx.update(sectors).set(fields).where(eq(sectors.id, id));
    await recordAudit(tx, {
      actor: author.actor,
      operatorId: author.operatorId,
      action: 'sector.updated',
      entityType: 'sector',
      entityId: String(id),
      partnerId: null,
      before: auditView(current),
      after: {
        ...auditView(fields),
        ...(booked.length > 0 ? { kept_visits: booked.map((visit) => visit.visit_id) } : {}),
      },
    });
  });
  return coverageSectorDetail(db, id);
}

interface BookedRow {
  visit_id: string;
  appointment_id: string;
  status: 'hold' | 'confirmed';
  block_start: Date | string;
  block_end: Date | string;
  comuna: string | null;
  patients: unknown;
}

/**
 * The sector's visits still to come (confirmed, or holds not lapsed) that the change leaves
 * without their service: all of them when it deactivates the sector, else those whose cart needs
 * a service it takes away (the database reads the cart's skills as the nurses' guard does).
 * Moving such a visit does not help (a move stays in the sector): it is cancelled or kept.
 * Soonest first; none when the change takes nothing away.
 */
async function visitsLeftWithoutService(
  tx: Db,
  id: number,
  current: { active: boolean; services: readonly string[]; timeZone: string },
  next: { active: boolean; services: readonly string[] },
): Promise<BookedVisit[]> {
  // An inactive sector takes no bookings: what it had was kept when it was deactivated.
  if (!current.active) return [];
  const deactivated = !next.active;
  const removed = current.services.filter((service) => !next.services.includes(service));
  if (!deactivated && removed.length === 0) return [];
  const rows = await queryRows<BookedRow>(
    tx,
    sql`select v.id::text as visit_id, v.appointment_id::text as appointment_id, v.status,
        v.block_start, v.block_end, a.comuna, a.patients
      from visits v
      join appointments a on a.id = v.appointment_id
      where a.sector_id = ${id} and v.block_end > now()
        and (v.status = 'confirmed' or v.expires_at > now())
        and (${deactivated} or exists (
          select 1 from appointment_needed_skills(a.patients) k(skill)
          where k.skill in (select jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb))))
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
      // On the sector's wall clock as the visits were booked.
      begin_date: localDateTimeOf(new Date(row.block_start), current.timeZone),
      end_date: localDateTimeOf(new Date(row.block_end), current.timeZone),
      status: row.status,
    };
  });
}

/** The sector's active nurses, by name. */
async function activeNursesOf(db: Db, sectorId: number) {
  const rows = await db
    .select({ id: nurses.id, name: nurses.name, skills: nurses.skills })
    .from(nurses)
    .innerJoin(nurseSectors, eq(nurseSectors.nurseId, nurses.id))
    .where(and(eq(nurseSectors.sectorId, sectorId), eq(nurses.active, true)))
    .orderBy(asc(nurses.name), asc(nurses.id));
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    skills: [...(row.skills as NurseSkill[])].sort(),
  }));
}

/**
 * GET /console/coverage/lookup: where the configured geocoder puts an address (its first
 * candidate with a point), or the point given, and the sector the widget would give it for the
 * source (the marketplace's when the source has none there, none in a region closed to it), with
 * the sector's active nurses.
 */
export async function lookupCoverage(
  db: Db,
  geocoder: Geocoder,
  sectorsOf: SectorsOfSource,
  query: {
    sales_source: string;
    country: 'cl' | 'mx';
    address?: string | undefined;
    lat?: number | undefined;
    lng?: number | undefined;
  },
): Promise<ConsoleCoverageLookupAnswer> {
  let point: { lat: number; lng: number } | null = null;
  let address: string | null = null;
  let commune: string | null = null;
  let region: string | null = null;
  if (query.lat !== undefined && query.lng !== undefined) point = { lat: query.lat, lng: query.lng };
  else {
    const candidates = await geocoder.geocode({ address: query.address ?? '' }, query.country);
    const found = candidates.find(
      (candidate) => typeof candidate.latitude === 'number' && typeof candidate.longitude === 'number',
    );
    if (found) {
      point = { lat: found.latitude ?? 0, lng: found.longitude ?? 0 };
      address = found.formatted_address ?? null;
      commune = found.commune ?? null;
      region = found.region ?? null;
    }
  }
  if (!point) return { point: null, address, commune, sector: null, nurses: [] };
  if (region && isRegionBlocked(region, query.sales_source))
    return { point, address, commune, sector: null, nurses: [] };
  const sector = await findCoveringSector(
    db,
    point,
    { country: query.country, salesSource: query.sales_source },
    sectorsOf,
  );
  if (!sector) return { point, address, commune, sector: null, nurses: [] };
  return {
    point,
    address,
    commune,
    sector: { id: String(sector.id), name: sector.name, sales_source: sector.salesSource },
    nurses: await activeNursesOf(db, sector.id),
  };
}

/** GET /console/coverage/places: the gazetteer's places of a country, drawn on the plain map. */
export function coveragePlaces(country: 'cl' | 'mx') {
  return allPlaces(country)
    .filter((place) => place.locality === undefined)
    .map((place) => ({ name: place.name, region: place.region, lat: place.lat, lng: place.lng }));
}
