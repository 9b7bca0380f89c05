import { z } from 'zod';

/**
 * The local geocoder's place_id: base64url of a small JSON that says what was found, so the
 * geocode call resolves it back with no server state (any instance, any restart). It is opaque to
 * the widget and carries nothing secret.
 */
const PREFIX = 'lcl1_';

const localPlaceSchema = z.object({
  /** Country. */
  c: z.enum(['cl', 'mx']),
  /** Commune (CUT) or municipality (INEGI) code. */
  k: z.string().regex(/^\d{5}$/),
  /** Street text; with `n` the street alone, without it the typed street and its numbers. */
  s: z.string().min(1).max(250),
  /** The house number of one candidate. */
  n: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional(),
  /** A named locality inside the commune (Chicureo). */
  l: z.string().max(100).optional(),
  /** Mexico's colony, when typed. */
  o: z.string().max(150).optional(),
  /** Postal code, when typed. */
  z: z
    .string()
    .regex(/^\d{5,7}$/)
    .optional(),
});
export type LocalPlace = z.infer<typeof localPlaceSchema>;

export function encodeLocalPlaceId(place: LocalPlace): string {
  return PREFIX + Buffer.from(JSON.stringify(place), 'utf8').toString('base64url');
}

/** The place a local place_id describes, or null when it is not one (or was tampered with). */
export function decodeLocalPlaceId(placeId: string): LocalPlace | null {
  if (!placeId.startsWith(PREFIX)) return null;
  try {
    const json: unknown = JSON.parse(Buffer.from(placeId.slice(PREFIX.length), 'base64url').toString('utf8'));
    const parsed = localPlaceSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
