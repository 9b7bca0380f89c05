/**
 * The console's coverage: the sectors each sales source sells in (name, country, time zone,
 * services offered, polygon, active), their overlaps within the source, and an address tested as
 * the widget would (which sector, which active nurses). Roles with coverage.manage read and change
 * them; every change is audited.
 *
 * A polygon travels as GeoJSON: a Polygon, a MultiPolygon (its first polygon), or a Feature or
 * FeatureCollection holding one. It is kept as the sectors table keeps it, rings of [lng, lat].
 */
import { z } from 'zod';
import { consoleNurseImpactVisitSchema, NURSE_SKILLS } from './console-nurses.ts';
import { apiErrorSchema } from './errors.ts';
import { refineSafeText } from './safe-text.ts';

const countrySchema = z.enum(['cl', 'mx'], { error: "El país debe ser 'cl' o 'mx'." });
const latitudeSchema = z.coerce
  .number({ error: 'La latitud debe ser un número.' })
  .min(-90, 'La latitud va de -90 a 90.')
  .max(90, 'La latitud va de -90 a 90.');
const longitudeSchema = z.coerce
  .number({ error: 'La longitud debe ser un número.' })
  .min(-180, 'La longitud va de -180 a 180.')
  .max(180, 'La longitud va de -180 a 180.');

/** The services a sector offers (the skills its nurses bring). */
export const SECTOR_SERVICES = NURSE_SKILLS;

/** The most points a polygon's rings hold together. */
export const SECTOR_POLYGON_MAX_POINTS = 5_000;

type Ring = [number, number][];

/** Why a GeoJSON value is not a sector's polygon, in Spanish; null when it is one. */
type Parsed = { polygon: Ring[]; error: null } | { polygon: null; error: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function geometryOf(value: unknown): unknown {
  if (!isObject(value)) return value;
  if (value.type === 'Feature') return value.geometry;
  if (value.type === 'FeatureCollection') {
    const features = Array.isArray(value.features) ? value.features : [];
    if (features.length !== 1) return { type: 'FeatureCollection', count: features.length };
    return isObject(features[0]) ? features[0].geometry : null;
  }
  return value;
}

/**
 * The rings of a sector's polygon from GeoJSON, checked: a Polygon (or a MultiPolygon's first, or
 * a Feature or FeatureCollection of one), each ring closed, of at least 4 points, every point a
 * longitude from -180 to 180 and a latitude from -90 to 90. Self-intersection is the API's check.
 */
export function polygonFromGeoJson(value: unknown): Parsed {
  const refuse = (error: string): Parsed => ({ polygon: null, error });
  const geometry = geometryOf(value);
  if (!isObject(geometry)) return refuse('El GeoJSON no tiene una geometría: pega un polígono.');
  if (geometry.type === 'FeatureCollection')
    return refuse('La colección de GeoJSON debe tener exactamente un polígono.');
  let coordinates: unknown = geometry.coordinates;
  if (geometry.type === 'MultiPolygon') coordinates = Array.isArray(coordinates) ? coordinates[0] : null;
  else if (geometry.type !== 'Polygon')
    return refuse('La geometría debe ser un polígono (Polygon o MultiPolygon).');
  if (!Array.isArray(coordinates) || coordinates.length === 0)
    return refuse('El polígono no tiene coordenadas.');
  const rings: Ring[] = [];
  let points = 0;
  for (const ring of coordinates) {
    if (!Array.isArray(ring) || ring.length < 4)
      return refuse('Cada anillo del polígono necesita al menos 4 puntos (el último igual al primero).');
    const checked: Ring = [];
    for (const point of ring) {
      if (
        !Array.isArray(point) ||
        point.length < 2 ||
        typeof point[0] !== 'number' ||
        typeof point[1] !== 'number' ||
        !Number.isFinite(point[0]) ||
        !Number.isFinite(point[1])
      )
        return refuse('Cada punto del polígono debe ser [longitud, latitud] en números.');
      const [lng, lat] = point as [number, number];
      if (lng < -180 || lng > 180 || lat < -90 || lat > 90)
        return refuse(
          'Un punto está fuera de rango: la longitud va de -180 a 180 y la latitud de -90 a 90 (el orden es [longitud, latitud]).',
        );
      checked.push([lng, lat]);
    }
    const first = checked[0];
    const last = checked[checked.length - 1];
    if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
      return refuse('El polígono no está cerrado: su último punto debe ser igual al primero.');
    points += checked.length;
    rings.push(checked);
  }
  if (points > SECTOR_POLYGON_MAX_POINTS)
    return refuse(`El polígono tiene más de ${SECTOR_POLYGON_MAX_POINTS} puntos: simplifícalo.`);
  return { polygon: rings, error: null };
}

/** A GeoJSON value, parsed into a sector's rings or refused with the reason. */
const polygonSchema = z.unknown().transform((value, context) => {
  const parsed = polygonFromGeoJson(value);
  if (parsed.error !== null) {
    context.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.polygon;
});

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** POST /console/coverage/sectors and PUT /console/coverage/sectors/:id. */
export const consoleSectorBodySchema = z.object({
  name: refineSafeText(
    z
      .string({ error: 'Escribe el nombre del sector.' })
      .trim()
      .min(2, 'Escribe el nombre del sector.')
      .max(120, 'El nombre admite hasta 120 caracteres.'),
  ),
  /** The sales source it sells for: a partner's. */
  sales_source: z
    .string({ error: 'Elige la fuente de venta.' })
    .trim()
    .min(1, 'Elige la fuente de venta.')
    .max(100, 'Esa fuente de venta no es válida.'),
  country: countrySchema,
  time_zone: z
    .string({ error: 'Elige la zona horaria.' })
    .trim()
    .max(64, 'La zona horaria no es válida.')
    .refine(isTimeZone, 'La zona horaria no es válida: usa un nombre IANA como America/Santiago.'),
  services: z
    .array(z.enum(SECTOR_SERVICES, 'El servicio no es válido.'), { error: 'Elige los servicios.' })
    .min(1, 'Elige al menos un servicio.')
    .max(SECTOR_SERVICES.length, 'Un servicio está repetido.')
    .refine((list) => new Set(list).size === list.length, 'Un servicio está repetido.'),
  /** GeoJSON: a Polygon, a MultiPolygon's first, or a Feature or FeatureCollection of one. */
  polygon: polygonSchema,
  active: z.boolean({ error: 'Indica si el sector está activo.' }),
  /**
   * The visits still to come that the coordinator keeps although this change leaves their
   * service out of the sector (deactivated, or a service taken away): each by id, as the 409
   * listed them. A visit booked since is not kept by a list that does not name it.
   */
  keep_visit_ids: z.array(z.uuid('La visita no es válida.')).max(500).optional(),
});
export type ConsoleSectorBody = z.input<typeof consoleSectorBodySchema>;

/**
 * A sector change refused: with `visits` when it would leave booked visits without their service
 * (sector-visits-booked), each to cancel or keep.
 */
export const consoleSectorRefusalSchema = apiErrorSchema.extend({
  visits: z.array(consoleNurseImpactVisitSchema).optional(),
});
export type ConsoleSectorRefusal = z.infer<typeof consoleSectorRefusalSchema>;

export const consoleCoverageSectorParamsSchema = z.object({
  id: z.string().regex(/^\d{1,10}$/, 'El sector no es válido.'),
});

export const consoleCoverageSectorsQuerySchema = z.object({
  sales_source: z.string().trim().min(1).max(100).optional(),
  country: countrySchema.optional(),
});

const sectorRefSchema = z.object({ id: z.string(), name: z.string() });

export const consoleCoverageSectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  sales_source: z.string(),
  country: z.enum(['cl', 'mx']),
  time_zone: z.string(),
  services: z.array(z.enum(SECTOR_SERVICES)),
  /** Rings of [lng, lat], the outer first. */
  polygon: z.array(z.array(z.tuple([z.number(), z.number()]))),
  active: z.boolean(),
  /** Active nurses who serve it. */
  nurses: z.number().int(),
  /** The other sectors of its source and country whose area overlaps its own. */
  overlaps: z.array(sectorRefSchema),
});
export type ConsoleCoverageSector = z.infer<typeof consoleCoverageSectorSchema>;

export const consoleCoverageSectorsAnswerSchema = z.object({
  results: z.array(consoleCoverageSectorSchema),
});

/**
 * What a sector may name (the sales sources partners sell under), and the map's tiles: a URL
 * template and its attribution (CONSOLE_MAP_TILE_URL); null, a plain background.
 */
export const consoleCoverageOptionsSchema = z.object({
  sales_sources: z.array(z.string()),
  tile_url: z.string().nullable(),
  tile_attribution: z.string().nullable(),
});

/** GET /console/coverage/lookup: an address (or a point) for a source, as the widget would. */
export const consoleCoverageLookupQuerySchema = z
  .object({
    sales_source: z.string().trim().min(1, 'Elige la fuente de venta.').max(100),
    country: countrySchema,
    address: z
      .string()
      .trim()
      .max(300, 'La dirección admite hasta 300 caracteres.')
      .regex(/^[\p{L}\p{M}\p{N} .,#°º'’"\-/()&:]*$/u, 'La dirección contiene caracteres no permitidos.')
      .optional(),
    lat: latitudeSchema.optional(),
    lng: longitudeSchema.optional(),
  })
  .refine((query) => Boolean(query.address) || (query.lat !== undefined && query.lng !== undefined), {
    message: 'Escribe una dirección, o una latitud y una longitud.',
    path: ['address'],
  });

export const consoleCoverageLookupAnswerSchema = z.object({
  /** Where the address was placed; null when the geocoder found nothing. */
  point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The address as the geocoder wrote it, and its commune. */
  address: z.string().nullable(),
  commune: z.string().nullable(),
  /** The sector the widget would give it; null: no coverage. */
  sector: sectorRefSchema.extend({ sales_source: z.string() }).nullable(),
  /** The sector's active nurses, by name. */
  nurses: z.array(z.object({ id: z.string(), name: z.string(), skills: z.array(z.enum(NURSE_SKILLS)) })),
});
export type ConsoleCoverageLookupAnswer = z.infer<typeof consoleCoverageLookupAnswerSchema>;

/** GET /console/coverage/places: the gazetteer's communes (Chile) or municipalities (Mexico). */
export const consoleCoveragePlacesQuerySchema = z.object({ country: countrySchema });
export const consoleCoveragePlacesAnswerSchema = z.object({
  results: z.array(z.object({ name: z.string(), region: z.string(), lat: z.number(), lng: z.number() })),
});
