import { CHILEAN_REGIONS } from '@visita/domain/cl-regions';
import type { CountryCode } from '@visita/domain/locale';
import clCommunes from './data/cl-communes.json' with { type: 'json' };
import mxMunicipalities from './data/mx-municipalities.json' with { type: 'json' };
import mxStates from './data/mx-states.json' with { type: 'json' };

/** A Chilean commune or Mexican municipality as the local geocoder knows it (data/PROVENANCE.md). */
export interface GazetteerPlace {
  country: CountryCode;
  /** CUT code (Chile) or INEGI CVEGEO (Mexico). */
  code: string;
  /** The commune's listed name (the one packages/domain checks) or the municipality's INEGI name. */
  name: string;
  /** The region's or state's full name. */
  region: string;
  regionCode: string;
  lat: number;
  lng: number;
  /** A named part of the commune with its own point (Chicureo in Colina); absent for the commune itself. */
  locality?: string;
  /** Mexico: ranks municipalities that share a name (Benito Juárez is in nine states). */
  population?: number;
}

export interface Region {
  country: CountryCode;
  code: string;
  name: string;
}

export interface Point {
  lat: number;
  lng: number;
}

/** Comparison key: case, accents, punctuation and spacing do not matter ('Ñuñoa' = 'nunoa', 'Gustavo A. Madero' = 'gustavo a madero'). */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Index {
  places: GazetteerPlace[];
  byKey: Map<string, GazetteerPlace[]>;
  regionsByKey: Map<string, Region>;
}

// Shorter spellings of Chilean regions that geocoders and people use.
const CL_REGION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '06': ["O'Higgins", "Región de O'Higgins", "Libertador Bernardo O'Higgins"],
  '08': ['Bío Bío', 'Bio-Bio', 'Biobio'],
  '09': ['Araucanía'],
  '11': ['Aysén', 'Aisén'],
  '12': ['Magallanes', 'Magallanes y Antártica Chilena'],
  '13': [
    'Región Metropolitana',
    'Metropolitana',
    'RM',
    'Santiago Metropolitan Region',
    'Santiago Metropolitan',
  ],
};

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
}

function buildIndex(country: CountryCode): Index {
  const byKey = new Map<string, GazetteerPlace[]>();
  const regionsByKey = new Map<string, Region>();
  const places: GazetteerPlace[] = [];
  if (country === 'cl') {
    const regionNames = new Map(CHILEAN_REGIONS.map((region) => [region.code, region.name]));
    for (const region of CHILEAN_REGIONS) {
      const entry: Region = { country, code: region.code, name: region.name };
      const bare = region.name.replace(/^Región (?:de la |del |de )?/, '');
      const names = [region.name, region.shortName, region.abbreviation, region.iso, bare];
      for (const name of [...names, ...(CL_REGION_ALIASES[region.code] ?? [])])
        regionsByKey.set(placeKey(name), entry);
    }
    for (const row of clCommunes) {
      const region = regionNames.get(row.region_code);
      if (!region) continue;
      const commune: GazetteerPlace = {
        country,
        code: row.code,
        name: row.name,
        region,
        regionCode: row.region_code,
        lat: row.lat,
        lng: row.lng,
      };
      places.push(commune);
      for (const name of [row.name, ...row.aliases]) addTo(byKey, placeKey(name), commune);
      for (const locality of ('localities' in row ? row.localities : undefined) ?? []) {
        const part: GazetteerPlace = {
          ...commune,
          locality: locality.name,
          lat: locality.lat,
          lng: locality.lng,
        };
        places.push(part);
        addTo(byKey, placeKey(locality.name), part);
      }
    }
  } else {
    const stateNames = new Map(mxStates.map((state) => [state.code, state.name]));
    for (const state of mxStates) {
      const entry: Region = { country, code: state.code, name: state.name };
      for (const name of [state.name, ...state.aliases]) regionsByKey.set(placeKey(name), entry);
    }
    for (const row of mxMunicipalities) {
      const region = stateNames.get(row.state_code);
      if (!region) continue;
      const municipality: GazetteerPlace = {
        country,
        code: row.code,
        name: row.name,
        region,
        regionCode: row.state_code,
        lat: row.lat,
        lng: row.lng,
        population: row.population,
      };
      places.push(municipality);
      addTo(byKey, placeKey(row.name), municipality);
    }
    // The most populous first, so 'Benito Juárez' alone means Mexico City's before Zacatecas'.
    for (const list of byKey.values()) list.sort((a, b) => (b.population ?? 0) - (a.population ?? 0));
  }
  return { places, byKey, regionsByKey };
}

const indexes = new Map<CountryCode, Index>();

// Built on first use: the Mexican index is ~2,000 rows that a Chile-only process never needs.
function index(country: CountryCode): Index {
  let found = indexes.get(country);
  if (!found) {
    found = buildIndex(country);
    indexes.set(country, found);
  }
  return found;
}

/** Communes (Chile, incl. aliases and named localities) or municipalities (Mexico) called exactly so. */
export function findPlaces(country: CountryCode, name: string, regionCode?: string): GazetteerPlace[] {
  const found = index(country).byKey.get(placeKey(name)) ?? [];
  return regionCode ? found.filter((place) => place.regionCode === regionCode) : found;
}

/** Places whose name (or alias) starts with what has been typed so far, for suggestions while typing. */
export function findPlacesByPrefix(
  country: CountryCode,
  prefix: string,
  { regionCode, limit = 5 }: { regionCode?: string; limit?: number } = {},
): GazetteerPlace[] {
  const key = placeKey(prefix);
  if (key.length < 2) return [];
  const seen = new Set<GazetteerPlace>();
  for (const [name, places] of index(country).byKey) {
    if (!name.startsWith(key)) continue;
    for (const place of places) if (!regionCode || place.regionCode === regionCode) seen.add(place);
  }
  return [...seen]
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0) || a.name.localeCompare(b.name, 'es'))
    .slice(0, limit);
}

/** The Chilean region or Mexican state a name refers to (full, short, abbreviation, ISO code). */
export function findRegion(country: CountryCode, name: string): Region | null {
  return index(country).regionsByKey.get(placeKey(name)) ?? null;
}

/** A commune or municipality by its code (as carried in a local place_id). */
export function placeByCode(country: CountryCode, code: string, locality?: string): GazetteerPlace | null {
  return (
    index(country).places.find(
      (place) => place.code === code && (place.locality ?? undefined) === (locality ?? undefined),
    ) ?? null
  );
}

/** Every commune (Chile) or municipality with a point (Mexico), localities included. */
export function allPlaces(country: CountryCode): readonly GazetteerPlace[] {
  return index(country).places;
}

/**
 * The point the local geocoder places a commune's addresses around (within NUDGE_MAX_METRES), so
 * the coverage seed can draw demo sectors around the same points. `region` (a code or a name, e.g.
 * '09' or 'Ciudad de México') tells apart Mexican municipalities that share a name; without it the
 * most populous wins. 'Chicureo' gives its own point inside Colina. Null for an unknown name.
 */
export function communePoint(country: CountryCode, name: string, region?: string): Point | null {
  const regionCode =
    region === undefined ? undefined : /^\d{2}$/.test(region) ? region : findRegion(country, region)?.code;
  if (region !== undefined && regionCode === undefined) return null;
  const [place] = findPlaces(country, name, regionCode);
  return place ? { lat: place.lat, lng: place.lng } : null;
}

/** How far from its commune's point the local geocoder may put an address. */
export const NUDGE_MAX_METRES = 800;
const NUDGE_MIN_METRES = 50;
const METRES_PER_DEGREE = 111_320;

// FNV-1a: small, stable across runs and machines, which is all a nudge needs.
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A point near `origin`, the same every time for the same seed: different addresses of one commune
 * get different points (as they would from a real geocoder) without leaving the town.
 */
export function nudgedPoint(origin: Point, seed: string): Point {
  const hash = hash32(seed);
  const angle = ((hash & 0xffff) / 0x10000) * 2 * Math.PI;
  const distance = NUDGE_MIN_METRES + ((hash >>> 16) / 0x10000) * (NUDGE_MAX_METRES - NUDGE_MIN_METRES);
  const dLat = (distance * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLng = (distance * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((origin.lat * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round(origin.lat + dLat), lng: round(origin.lng + dLng) };
}

/** Great-circle distance in metres (tests and callers that check how far a point moved). */
export function distanceMetres(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
