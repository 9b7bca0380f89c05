import type { CountryCode } from '@visita/domain/locale';

/** Typed address text split into what the local geocoder can use. */
export interface AddressText {
  /** The street part as typed (numbers included), tidied: 'Avenida 10 de Julio 1500'. */
  streetText: string;
  /** Distinct numbers of the street part, the likeliest house number (the last one) first. */
  numbers: string[];
  /** Words after the last number in the street part ('Las Condes' in 'Apoquindo 4500 Las Condes'). */
  tail: string;
  /** The comma-separated parts after the street: commune, colony, region, country... */
  parts: string[];
  /** A postal code typed with the address (5 digits in Mexico, 7 in Chile). */
  zipCode: string | null;
}

// 'depto 305', 'of. 12', 'piso 3', 'torre B 2': apartment data, not the street number.
const UNIT =
  /\b(?:depto|dpto|dto|departamento|depa|oficina|of|piso|int|interior|torre|block|bloque)\.?\s*#?\s*\d+\s*[a-z]?\b/giu;
// '#4500', 'N° 4500', 'nro. 4500', 'núm 4500': markers before a house number.
const NUMBER_MARK = /(?:#|\bn[°º]|\bnro\.?|\bn[uú]m\.?|\bno\.)\s*(?=\d)/giu;
const SMALL_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e']);

function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,\-/]+|[\s,\-/]+$/g, '')
    .trim();
}

/** 'avenida apoquindo' or 'AVENIDA APOQUINDO' -> 'Avenida Apoquindo'; mixed case is left as typed. */
function tidyCase(text: string): string {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return text;
  return text
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

function takeZipCode(
  segments: string[],
  country: CountryCode,
): { segments: string[]; zipCode: string | null } {
  let zipCode: string | null = null;
  const explicit = /\b(?:c\.?\s?p\.?|c[oó]digo postal)\s*(\d{5}|\d{7})\b/iu;
  const bare = country === 'mx' ? /^\d{5}$/ : /^\d{7}$/;
  const rest = segments.flatMap((segment) => {
    const marked = segment.match(explicit);
    if (marked?.[1]) {
      zipCode ??= marked[1];
      const left = tidy(segment.replace(explicit, ''));
      return left ? [left] : [];
    }
    if (bare.test(segment)) {
      zipCode ??= segment;
      return [];
    }
    // A postal code written before the municipality: '03100 Benito Juárez'.
    const leading = country === 'mx' ? segment.match(/^(\d{5})\s+(\p{L}.*)$/u) : null;
    if (leading?.[1] && leading[2]) {
      zipCode ??= leading[1];
      return [leading[2]];
    }
    return [segment];
  });
  return { segments: rest, zipCode };
}

/**
 * Reads 'Avenida Apoquindo 4500, Las Condes' as street text, house numbers and place parts.
 * Null when no part has a number: there is no address to place yet (searches only
 * text with a letter and a digit).
 */
export function parseAddressText(input: string, country: CountryCode): AddressText | null {
  const text = input.normalize('NFC').replace(/\s+/g, ' ').trim();
  const { segments, zipCode } = takeZipCode(
    text
      .split(',')
      .map((segment) => tidy(segment))
      .filter(Boolean),
    country,
  );
  const streetIndex = segments.findIndex((segment) => /\d/.test(segment.replace(UNIT, '')));
  if (streetIndex < 0) return null;
  const street = tidy((segments[streetIndex] ?? '').replace(UNIT, ' ').replace(NUMBER_MARK, ''));
  const numbers = street.match(/\d+/g) ?? [];
  if (numbers.length === 0) return null;
  const lastNumber = [...street.matchAll(/\d+/g)].at(-1);
  const end = (lastNumber?.index ?? 0) + (lastNumber?.[0].length ?? 0);
  const tail = tidy(street.slice(end));
  const streetText = tidy(street.slice(0, end));
  return {
    streetText: tidyCase(streetText),
    numbers: [...new Set(numbers.reverse())],
    tail,
    parts: segments.slice(streetIndex + 1),
    zipCode,
  };
}

/**
 * The street of a candidate: the street text without its house number. With several numbers
 * ('Avenida 10 de Julio 1500') each candidate drops its own one.
 */
export function streetWithout(streetText: string, number: string): string {
  const occurrences = [...streetText.matchAll(/\d+/g)].filter((match) => match[0] === number);
  const last = occurrences.at(-1);
  if (!last || last.index === undefined) return streetText;
  return tidy(`${streetText.slice(0, last.index)} ${streetText.slice(last.index + number.length)}`);
}
