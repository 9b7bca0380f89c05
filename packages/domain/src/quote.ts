import { type ItemId, includedIds, isPack, isSubitem } from './cart-item.ts';
import type { CartPatient } from './cart.ts';
import type { CartPriceBody } from './contract/pricing.ts';
import type { CountryCode } from './locale.ts';
import { normalizeCoupon } from './validators/coupon.ts';

type QuotedPatient = Pick<CartPatient, 'items' | 'insurance' | 'fonasaTier'>;

/**
 * The cart-price payload: per patient, is_fonasa, service ids without sub-items and
 * pack ids; patients with neither are left out. Null when there is nothing to quote (the widget
 * then shows zeroed prices without calling).
 */
export function cartPriceBody(
  patients: readonly QuotedPatient[],
  params: {
    country: CountryCode;
    locality: string | null | undefined;
    coupon?: string | null;
    source?: string | null;
  },
): CartPriceBody | null {
  if (!params.locality) return null;
  const quoted = patients
    .map((patient) => ({
      // The priced insurance (tier A is already particular), and the tier for the record.
      is_fonasa: patient.insurance === 'fonasa',
      ...(patient.fonasaTier ? { fonasa_tier: patient.fonasaTier } : {}),
      items: patient.items
        .filter((item) => !isPack(item) && !isSubitem(item, patient.items))
        .map((item) => item.id),
      packs: patient.items.filter((item) => isPack(item)).map((item) => item.id),
    }))
    .filter((patient) => patient.items.length > 0 || patient.packs.length > 0);
  if (quoted.length === 0) return null;
  return {
    coupon_code: params.coupon ? normalizeCoupon(params.coupon) : null,
    country: params.country,
    locality: params.locality,
    patients: quoted,
    source: params.source ?? null,
  };
}

function uniqueIds(ids: readonly ItemId[]): ItemId[] {
  const seen = new Set<string>();
  return ids.filter((id) => (seen.has(String(id)) ? false : (seen.add(String(id)), true)));
}

/**
 * The items an availability request sends: ids of non-pack items plus the sub-items
 * of packs, once each. The extra fixed id two sources add is the caller's (its value is not in
 * the product).
 */
export function availabilityItemIds(patients: readonly Pick<CartPatient, 'items'>[]): ItemId[] {
  return uniqueIds(
    patients.flatMap((patient) =>
      patient.items.flatMap((item) => (isPack(item) ? includedIds(item) : [item.id])),
    ),
  );
}

/** Every distinct item id of the cart, as the coupon validation sends them. */
export function cartItemIds(patients: readonly Pick<CartPatient, 'items'>[]): ItemId[] {
  return uniqueIds(patients.flatMap((patient) => patient.items.map((item) => item.id)));
}

/**
 * What a price quote depends on: the items, the number of fonasa patients and the
 * coupon. The widget re-quotes (after 800 ms) only when this key changes.
 */
export function quoteKey(
  patients: readonly Pick<CartPatient, 'items' | 'insurance'>[],
  coupon: string | null | undefined,
): string {
  const items = patients.map((patient) => patient.items.map((item) => String(item.id)).join(',')).join('|');
  const fonasa = patients.filter((patient) => patient.insurance === 'fonasa').length;
  return `${items}#${fonasa}#${coupon ? normalizeCoupon(coupon) : ''}`;
}
