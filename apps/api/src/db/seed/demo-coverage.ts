import { allPlaces, communePoint, type Point } from '../../adapters/geocoders/gazetteer.ts';
import type { Seed } from './run-seeds.ts';
import { type ServiceSkill, sectors } from '../schema.ts';

/**
 * Demo coverage: no commune boundaries ship (see adapters/geocoders/data/PROVENANCE.md), so each covered
 * commune's sector is drawn from the gazetteer's own points: the places nearer to this commune's
 * point than to any other commune's (its Voronoi cell), cut at a radius. Neighbouring sectors
 * meet where the communes do, and every address the local geocoder places in a commune (at most
 * 800 m from its point) falls inside its sector. An operator replaces these with real polygons.
 */
const DEMO_SECTOR_RADIUS_KM = 4;

const KM_PER_DEGREE = 111.32;

function offset(center: Point, km: number, angle: number): Point {
  return {
    lat: center.lat + (km / KM_PER_DEGREE) * Math.sin(angle),
    lng: center.lng + (km / (KM_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180))) * Math.cos(angle),
  };
}

function squaredKm(a: Point, b: Point): number {
  const dLat = (a.lat - b.lat) * KM_PER_DEGREE;
  const dLng = (a.lng - b.lng) * KM_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
  return dLat * dLat + dLng * dLng;
}

/** The commune's cell as a polygon ring of [lng, lat]: along each ray, as far as its own point stays nearest. */
function cell(center: Point, others: readonly Point[], radiusKm: number, sides = 32): [number, number][] {
  const nearby = others.filter(
    (other) => squaredKm(center, other) < (2 * radiusKm) ** 2 && squaredKm(center, other) > 0,
  );
  const ownIsNearest = (point: Point) =>
    nearby.every((other) => squaredKm(point, center) <= squaredKm(point, other));
  const ring: [number, number][] = [];
  for (let i = 0; i < sides; i += 1) {
    const angle = (2 * Math.PI * i) / sides;
    let low = 0;
    let high = radiusKm;
    if (!ownIsNearest(offset(center, high, angle))) {
      for (let step = 0; step < 24; step += 1) {
        const middle = (low + high) / 2;
        if (ownIsNearest(offset(center, middle, angle))) low = middle;
        else high = middle;
      }
      high = low;
    }
    const vertex = offset(center, high, angle);
    ring.push([Number(vertex.lng.toFixed(6)), Number(vertex.lat.toFixed(6))]);
  }
  ring.push(ring[0] ?? [center.lng, center.lat]);
  return ring;
}

/** One clinic's lab communes, and the communes it adds for vaccines. */
const CLINIC_LAB = ['Vitacura', 'Providencia', 'Lo Barnechea', 'Las Condes', 'Chicureo'];
const CLINIC_VACCINES_ONLY = ['Ñuñoa', 'La Reina', 'Huechuraba'];

/** The marketplace in Chile: Gran Santiago's communes, plus Talagante (the demo address). */
const SANTIAGO_METRO = [
  'Santiago',
  'Cerrillos',
  'Cerro Navia',
  'Conchalí',
  'El Bosque',
  'Estación Central',
  'Huechuraba',
  'Independencia',
  'La Cisterna',
  'La Florida',
  'La Granja',
  'La Pintana',
  'La Reina',
  'Las Condes',
  'Lo Barnechea',
  'Lo Espejo',
  'Lo Prado',
  'Macul',
  'Maipú',
  'Ñuñoa',
  'Pedro Aguirre Cerda',
  'Peñalolén',
  'Providencia',
  'Pudahuel',
  'Quilicura',
  'Quinta Normal',
  'Recoleta',
  'Renca',
  'San Joaquín',
  'San Miguel',
  'San Ramón',
  'Vitacura',
  'Puente Alto',
  'San Bernardo',
  'Chicureo',
  'Talagante',
];

/** The marketplace in Mexico: the sixteen alcaldías of Mexico City. */
const MEXICO_CITY = [
  'Álvaro Obregón',
  'Azcapotzalco',
  'Benito Juárez',
  'Coyoacán',
  'Cuajimalpa de Morelos',
  'Cuauhtémoc',
  'Gustavo A. Madero',
  'Iztacalco',
  'Iztapalapa',
  'La Magdalena Contreras',
  'Miguel Hidalgo',
  'Milpa Alta',
  'Tláhuac',
  'Tlalpan',
  'Venustiano Carranza',
  'Xochimilco',
];

const ALL_SERVICES: ServiceSkill[] = ['lab', 'vaccine', 'medical_service'];

function sectorsFor(
  salesSource: string,
  country: 'cl' | 'mx',
  names: readonly string[],
  services: ServiceSkill[],
  region?: string,
): (typeof sectors.$inferInsert)[] {
  const everyPoint = allPlaces(country).map((place) => ({ lat: place.lat, lng: place.lng }));
  return names.map((name) => {
    const point = communePoint(country, name, region);
    if (!point) throw new Error(`demo coverage: the gazetteer has no point for ${name} (${country})`);
    return {
      name,
      salesSource,
      country,
      services,
      polygon: [cell(point, everyPoint, DEMO_SECTOR_RADIUS_KM)],
      timeZone: country === 'cl' ? 'America/Santiago' : 'America/Mexico_City',
    };
  });
}

function demoSectors(): (typeof sectors.$inferInsert)[] {
  return [
    ...sectorsFor('clinicaalemana', 'cl', CLINIC_LAB, ['lab', 'vaccine']),
    ...sectorsFor('clinicaalemana', 'cl', CLINIC_VACCINES_ONLY, ['vaccine']),
    ...sectorsFor('marketplace', 'cl', SANTIAGO_METRO, ALL_SERVICES),
    ...sectorsFor('marketplace', 'mx', MEXICO_CITY, ALL_SERVICES, 'Ciudad de México'),
  ];
}

/** The coverage rows of the demo dataset. */
export const coverageDemoSeed: Seed = {
  name: 'demo-coverage',
  run: async (db) => {
    await db.insert(sectors).values(demoSectors());
  },
};
