import { and, eq, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { type ServiceSkill, sectors } from '../../db/schema.ts';

export type SectorRow = typeof sectors.$inferSelect;

/** The sales source whose sectors cover partners that have none of their own. */
const MARKETPLACE_SOURCE = 'marketplace';

/** Ray casting on one ring of [lng, lat] points. */
function insideRing(lng: number, lat: number, ring: readonly [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A GeoJSON polygon: inside the outer ring and in none of its holes. */
export function pointInPolygon(
  point: { lat: number; lng: number },
  polygon: readonly [number, number][][],
): boolean {
  const [outer, ...holes] = polygon;
  if (!outer || !insideRing(point.lng, point.lat, outer)) return false;
  return !holes.some((hole) => insideRing(point.lng, point.lat, hole));
}

function prepareSectorsOf(db: Db) {
  return db
    .select()
    .from(sectors)
    .where(
      and(
        eq(sectors.salesSource, sql.placeholder('source')),
        eq(sectors.country, sql.placeholder('country')),
        eq(sectors.active, true),
      ),
    )
    .prepare('sectors_of_source');
}

// Prepared: every appointment created, and every coverage check, reads its source's sectors.
const preparedSectorsOf = perDatabase(prepareSectorsOf);

/** A sales source's active sectors in a country: read from the database, or kept by an instance. */
export type SectorsOfSource = (source: string, country: 'cl' | 'mx') => Promise<SectorRow[]>;

/** The database's answer, with no keeping. */
export function readSectorsOfSource(db: Db): SectorsOfSource {
  const statement = preparedSectorsOf(db);
  return (source, country) => statement.execute({ source, country });
}

/**
 * The sector that covers a point for a sales source, optionally for a kind of service. A source
 * with no sectors in that country is covered by the marketplace's. Sectors per source are few,
 * so they are tested in memory after one indexed query, or none when the caller keeps them
 * (`sectorsOf`: every appointment created and every coverage check asks, and each read carries
 * every polygon of the source).
 */
export async function findCoveringSector(
  db: Db,
  point: { lat: number; lng: number },
  options: { country: 'cl' | 'mx'; salesSource: string; service?: ServiceSkill },
  sectorsOf: SectorsOfSource = readSectorsOfSource(db),
): Promise<SectorRow | null> {
  let candidates = await sectorsOf(options.salesSource, options.country);
  if (candidates.length === 0 && options.salesSource !== MARKETPLACE_SOURCE)
    candidates = await sectorsOf(MARKETPLACE_SOURCE, options.country);
  return (
    candidates.find(
      (sector) =>
        (!options.service || sector.services.includes(options.service)) &&
        pointInPolygon(point, sector.polygon),
    ) ?? null
  );
}

/** Regions blocked for the marketplace unless a partner covers them itself. */
const MARKETPLACE_BLOCKED_REGIONS: ReadonlySet<string> = new Set(['biobio', 'antofagasta']);

const regionKey = (region: string) =>
  region
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^region (de |del )?/, '')
    .trim();

/**
 * Whether a region is closed to a sales source. The product blocks Biobío and Antofagasta "for one
 * sales source unless it is the special one": we read the one source as the marketplace, and
 * the special one as any partner that has drawn its own sectors there.
 */
export function isRegionBlocked(region: string, salesSource: string): boolean {
  return salesSource === MARKETPLACE_SOURCE && MARKETPLACE_BLOCKED_REGIONS.has(regionKey(region));
}
