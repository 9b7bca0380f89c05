import { DEFAULT_COLONY } from '@visita/domain/addresses';
import { countryName, type CountryCode } from '@visita/domain/locale';
import { type AddressText, parseAddressText, streetWithout } from './address-text.ts';
import {
  findPlaces,
  findPlacesByPrefix,
  findRegion,
  type GazetteerPlace,
  nudgedPoint,
  placeByCode,
  placeKey,
  type Region,
} from './gazetteer.ts';
import {
  type GeocodedCandidate,
  type Geocoder,
  type GeocodeRequest,
  InvalidPlaceIdError,
  type PlaceSuggestion,
} from './geocoder.ts';
import { decodeLocalPlaceId, encodeLocalPlaceId } from './place-id.ts';

const MAX_PLACES = 5;
const MAX_CANDIDATES = 10;
const COLONY_MARK = /^col(?:onia)?\.?\s+/iu;

/**
 * Where a street typed without its commune is offered: people type 'Avenida Apoquindo 4500' and
 * expect to choose the commune. The gazetteer knows no streets, so the offline geocoder offers
 * the street in the capital's busiest communes (a real maps service answers the streets it knows,
 * each with its commune, in the same shape).
 */
const COMMUNES_WITHOUT_ONE_TYPED: Readonly<
  Record<CountryCode, { region: string; names: readonly string[] }>
> = {
  cl: {
    region: 'Región Metropolitana de Santiago',
    names: ['Las Condes', 'Providencia', 'Santiago', 'Ñuñoa', 'Maipú'],
  },
  mx: {
    region: 'Ciudad de México',
    names: ['Benito Juárez', 'Cuauhtémoc', 'Miguel Hidalgo', 'Coyoacán', 'Álvaro Obregón'],
  },
};

function communesWithoutOneTyped(country: CountryCode): GazetteerPlace[] {
  const { region, names } = COMMUNES_WITHOUT_ONE_TYPED[country];
  const regionCode = findRegion(country, region)?.code;
  return names.flatMap((name) => findPlaces(country, name, regionCode).slice(0, 1));
}

interface Resolution {
  places: GazetteerPlace[];
  streetText: string;
  colony: string | null;
}

const isCountryWord = (text: string, country: CountryCode) =>
  country === 'cl' ? ['chile', 'cl'].includes(placeKey(text)) : ['mexico', 'mx'].includes(placeKey(text));

/** The longest run of the tail's words that names a place, and the words around it. */
function placeInTail(
  words: string[],
  country: CountryCode,
  region: Region | null,
): { places: GazetteerPlace[]; before: string; after: string } | null {
  for (let start = 0; start < words.length; start += 1) {
    for (let end = words.length; end > start; end -= 1) {
      const places = findPlaces(country, words.slice(start, end).join(' '), region?.code);
      if (places.length > 0) {
        return { places, before: words.slice(0, start).join(' '), after: words.slice(end).join(' ') };
      }
    }
  }
  return null;
}

/**
 * Which commune (or municipality) the typed parts name. Parts after the street are read as
 * commune, colony, region or country in any order; the first part naming a commune of the named
 * region wins ('Providencia 1208, Providencia, Santiago' is in Providencia). While typing, the
 * last part may be the beginning of a commune's name.
 */
function resolvePlaces(parsed: AddressText, country: CountryCode, whileTyping: boolean): Resolution {
  const parts = [...parsed.parts];
  if (parts.length > 0 && isCountryWord(parts.at(-1) ?? '', country)) parts.pop();

  // The region is the last part naming one, unless that part is also the only commune named
  // ('Aguascalientes' is a state and its capital).
  let region: Region | null = null;
  let regionIndex = -1;
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const found = findRegion(country, parts[i] ?? '');
    if (!found) continue;
    const othersNameACommune =
      parts.some((part, j) => j !== i && findPlaces(country, part, found.code).length > 0) ||
      (parsed.tail !== '' && placeInTail(parsed.tail.split(' '), country, found) !== null);
    if (othersNameACommune || findPlaces(country, parts[i] ?? '').length === 0) {
      region = found;
      regionIndex = i;
      break;
    }
  }

  let streetText = parsed.streetText;
  let colony: string | null = null;
  let places: GazetteerPlace[] = [];
  const unread: string[] = [];

  const tailWords = parsed.tail ? parsed.tail.split(' ') : [];
  const inTail = tailWords.length > 0 ? placeInTail(tailWords, country, region) : null;
  if (inTail) {
    places = inTail.places;
    if (COLONY_MARK.test(inTail.before) && country === 'mx') colony = inTail.before.replace(COLONY_MARK, '');
    else if (inTail.before) streetText = `${streetText} ${inTail.before}`;
  } else if (parsed.tail) {
    // Words after the number that name no place belong to the street ('Calle 5 Poniente').
    streetText = `${streetText} ${parsed.tail}`;
  }

  parts.forEach((part, i) => {
    if (i === regionIndex) return;
    if (places.length === 0) {
      const found = findPlaces(country, part, region?.code);
      if (found.length > 0) {
        places = found;
        return;
      }
    }
    if (COLONY_MARK.test(part)) colony ??= part.replace(COLONY_MARK, '');
    else if (places.length === 0) unread.push(part);
  });
  // Mexico: a part between the street and the municipality is the colony ('..., Del Valle, Benito Juárez').
  if (country === 'mx' && colony === null && places.length > 0 && unread.length > 0)
    colony = unread[0] ?? null;

  if (places.length === 0 && whileTyping) {
    const typingInTail = unread.length === 0;
    const typing = unread.at(-1) ?? parsed.tail;
    const words = typing.split(' ').filter(Boolean);
    // The longest ending of what is being typed that begins a commune's name.
    for (let start = 0; start < words.length && places.length === 0; start += 1) {
      places = findPlacesByPrefix(country, words.slice(start).join(' '), {
        regionCode: region?.code,
        limit: MAX_PLACES,
      });
      // Typed right after the number ('Apoquindo 4500 Las Co'): only the words before it are street.
      if (places.length > 0 && typingInTail) {
        streetText = [parsed.streetText, ...words.slice(0, start)].join(' ');
      }
    }
  }
  return { places: places.slice(0, MAX_PLACES), streetText, colony };
}

function suggestion(
  place: GazetteerPlace,
  streetText: string,
  colony: string | null,
  zipCode: string | null,
  country: CountryCode,
): PlaceSuggestion {
  const secondary = [colony, place.locality, place.name, place.region, countryName(country)]
    .filter(Boolean)
    .join(', ');
  return {
    description: `${streetText}, ${secondary}`,
    place_id: encodeLocalPlaceId({
      c: country,
      k: place.code,
      s: streetText,
      ...(place.locality ? { l: place.locality } : {}),
      ...(colony ? { o: colony } : {}),
      ...(zipCode ? { z: zipCode } : {}),
    }),
    structured_formatting: { main_text: streetText, secondary_text: secondary },
    ...(country === 'mx' ? { zipCode } : {}),
  };
}

function candidate(
  place: GazetteerPlace,
  street: string,
  number: string,
  colony: string | null,
  zipCode: string | null,
  country: CountryCode,
): GeocodedCandidate {
  const point = nudgedPoint(place, `${place.code}|${placeKey(street)}|${number}`);
  const sublocality = country === 'mx' ? (colony ?? DEFAULT_COLONY) : null;
  const formatted = [
    `${street} ${number}`,
    country === 'mx' ? colony : place.locality,
    zipCode ? `${zipCode} ${place.name}` : place.name,
    place.region,
    countryName(country),
  ];
  return {
    street_number: number,
    street,
    commune: place.name,
    region: place.region,
    country: countryName(country),
    sublocality,
    zip_code: zipCode,
    latitude: point.lat,
    longitude: point.lng,
    place_id: encodeLocalPlaceId({
      c: country,
      k: place.code,
      s: street,
      n: number,
      ...(place.locality ? { l: place.locality } : {}),
      ...(colony ? { o: colony } : {}),
      ...(zipCode ? { z: zipCode } : {}),
    }),
    formatted_address: formatted.filter(Boolean).join(', '),
  };
}

/** One candidate per house number (several distinct numbers, several candidates). */
function candidatesFor(
  places: GazetteerPlace[],
  streetText: string,
  numbers: string[],
  colony: string | null,
  zipCode: string | null,
  country: CountryCode,
): GeocodedCandidate[] {
  return places
    .flatMap((place) =>
      numbers.flatMap((number) => {
        const street = streetWithout(streetText, number);
        return /\p{L}/u.test(street) ? [candidate(place, street, number, colony, zipCode, country)] : [];
      }),
    )
    .slice(0, MAX_CANDIDATES);
}

/**
 * The offline geocoder: knows every Chilean commune and the Mexican municipalities (data/), takes
 * the street and number from the typed text and places the address near its commune's point.
 */
export function createLocalGeocoder(): Geocoder {
  return {
    kind: 'local',
    async autocomplete(input, country) {
      const parsed = parseAddressText(input, country);
      if (!parsed) return [];
      const { places, streetText, colony } = resolvePlaces(parsed, country, true);
      const namedParts = parsed.parts.filter((part) => !isCountryWord(part, country));
      // Only a street and its number: the street in each of the usual communes, to choose one.
      const offered =
        places.length === 0 && namedParts.length === 0 && /\p{L}/u.test(streetText)
          ? communesWithoutOneTyped(country)
          : places;
      return offered.map((place) => suggestion(place, streetText, colony, parsed.zipCode, country));
    },
    async geocode(request: GeocodeRequest, country) {
      if ('placeId' in request) {
        const local = decodeLocalPlaceId(request.placeId);
        if (!local) throw new InvalidPlaceIdError();
        if (local.c !== country) return [];
        const place = placeByCode(local.c, local.k, local.l);
        if (!place) throw new InvalidPlaceIdError();
        const numbers = local.n ? [local.n] : [...new Set((local.s.match(/\d+/g) ?? []).reverse())];
        // A candidate's id carries the street alone; a suggestion's the street with its numbers.
        const streetText = local.n ? `${local.s} ${local.n}` : local.s;
        return candidatesFor([place], streetText, numbers, local.o ?? null, local.z ?? null, country);
      }
      const parsed = parseAddressText(request.address, country);
      if (!parsed) return [];
      const { places, streetText, colony } = resolvePlaces(parsed, country, false);
      return candidatesFor(places, streetText, parsed.numbers, colony, parsed.zipCode, country);
    },
  };
}
