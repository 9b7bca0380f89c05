import type { CartItem } from './cart-item.ts';
import { COMMUNES_WITHOUT_FONASA } from './constants.ts';
import type { CountryCode } from './locale.ts';

export const INSURANCES = ['particular', 'fonasa'] as const;
export type Insurance = (typeof INSURANCES)[number];
export const DEFAULT_INSURANCE: Insurance = 'particular';

/** Confirmation toggle labels and the contact form's 'Previsión' labels. */
export const INSURANCE_TOGGLE_LABELS: Readonly<Record<Insurance, string>> = {
  particular: 'Particular e isapre',
  fonasa: 'Fonasa',
};
export const PREVISION_LABELS: Readonly<Record<Insurance, string>> = {
  particular: 'Isapre o Particular',
  fonasa: 'Fonasa',
};

/** Fonasa's income tiers (tramos). */
export const FONASA_TIERS = ['A', 'B', 'C', 'D'] as const;
export type FonasaTier = (typeof FONASA_TIERS)[number];
/** Fonasa copay applies to these tiers; tier A cannot buy Fonasa vouchers for private care. */
export const FONASA_COPAY_TIERS = ['B', 'C', 'D'] as const;

export const FONASA_TIER_LABEL = 'Tramo Fonasa';
export const FONASA_TIER_PLACEHOLDER = 'Selecciona tu tramo';
export const fonasaTierOptionLabel = (tier: FonasaTier) => `Tramo ${tier}`;
export const FONASA_TIER_REQUIRED = 'Selecciona tu tramo de Fonasa';
export const FONASA_TIER_A_NOTE =
  'El tramo A de Fonasa no tiene copago en atención privada: estos exámenes se cobran como particular.';

/**
 * The insurance a patient is priced at: Fonasa's copay for tiers B, C and D (and when no tier is
 * given, as the quote's wire always allowed); tier A as particular
 * (docs/decisions/fonasa-tiers.md); and never Fonasa in the communes without it.
 */
export function pricedInsurance(
  hasFonasa: boolean,
  tier: FonasaTier | null | undefined,
  commune: string | null | undefined,
): Insurance {
  return resolveInsurance(hasFonasa && tier !== 'A' ? 'fonasa' : 'particular', commune);
}

export const FONASA_UNAVAILABLE_TOOLTIP =
  'Aún no llegamos a tu comuna con exámenes con cobertura Fonasa. Pero aún puedes agendar de forma particular';

/** Commune names compare without case, accents or extra spaces ('penaflor' is Peñaflor). */
export function communeKey(commune: string): string {
  return commune
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

const NO_FONASA = new Set(COMMUNES_WITHOUT_FONASA.map(communeKey));

/** Fonasa is not offered in El Monte, Isla de Maipo, Melipilla, Peñaflor and Talagante. */
export function isFonasaAvailableIn(commune: string | null | undefined): boolean {
  return !commune || !NO_FONASA.has(communeKey(commune));
}

/** Choosing fonasa in one of those communes is forced back to particular. */
export function resolveInsurance(requested: Insurance, commune: string | null | undefined): Insurance {
  return requested === 'fonasa' && !isFonasaAvailableIn(commune) ? 'particular' : requested;
}

/** Only items that allow fonasa get fonasa pricing. */
export function hasFonasaPricing(item: Pick<CartItem, 'allows_fonasa'>, insurance: Insurance): boolean {
  return insurance === 'fonasa' && item.allows_fonasa === true;
}

/** The fonasa bonus row shows only in Chile and when any patient has fonasa. */
export function showsFonasaBonus(countryCode: CountryCode, insurances: readonly Insurance[]): boolean {
  return countryCode === 'cl' && insurances.includes('fonasa');
}
