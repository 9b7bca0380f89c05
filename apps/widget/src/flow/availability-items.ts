import type { Cart } from '@visita/domain/cart';
import { includedIds, isPack } from '@visita/domain/cart-item';

/**
 * The availability call's items: ids of non-pack items plus the sub-items of packs,
 * then the fixed services the partner's profile adds to every booking (rules.extra_service_ids).
 */
export function availabilityItems(
  cart: Pick<Cart, 'items'>,
  extraServiceIds: readonly number[] = [],
): (string | number)[] {
  const ids = new Set<string>();
  const out: (string | number)[] = [];
  const add = (id: string | number) => {
    if (ids.has(String(id))) return;
    ids.add(String(id));
    out.push(id);
  };
  for (const item of Object.values(cart.items)) {
    if (isPack(item)) for (const id of includedIds(item)) add(id);
    else add(item.id);
  }
  for (const id of extraServiceIds) add(id);
  return out;
}
