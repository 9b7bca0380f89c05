import type { CatalogueItem, ItemId } from './contract/catalogue.ts';

export type { CatalogueItem, ItemId };

/** Lower-cased resourcetype: panel, measure, medicalservice; pack when absent. */
export type ItemType = 'pack' | 'panel' | 'measure' | 'medicalservice' | (string & {});

export interface CartItem extends CatalogueItem {
  type: ItemType;
}

/** Items and packs without a price are dropped from lists. */
export function isPriced(item: Pick<CatalogueItem, 'price'>): boolean {
  return typeof item.price === 'number' && Number.isFinite(item.price);
}

/** A catalogue entry as the cart holds it, or null when it has no price. */
export function toCartItem(item: CatalogueItem): CartItem | null {
  if (!isPriced(item)) return null;
  return {
    ...item,
    type: item.resourcetype ? item.resourcetype.toLowerCase() : 'pack',
  };
}

export function toCartItems(items: readonly CatalogueItem[]): CartItem[] {
  return items.flatMap((item) => toCartItem(item) ?? []);
}

export function isPack(item: Pick<CartItem, 'type'>): boolean {
  return item.type === 'pack';
}

/** Anything that is not a pack (panel, measure, medical service) is sent as a service id. */
export function isService(item: Pick<CartItem, 'type'>): boolean {
  return !isPack(item);
}

export function sameId(a: ItemId, b: ItemId): boolean {
  return String(a) === String(b);
}

/** The ids an item includes: its items (packs) and measures (panels). */
export function includedIds(item: Pick<CatalogueItem, 'items' | 'measures'>): ItemId[] {
  return [...(item.items ?? []), ...(item.measures ?? [])].map((sub) => sub.id);
}

/** The items of the same patient that include this one. */
export function includingItems<T extends CartItem>(item: CartItem, patientItems: readonly T[]): T[] {
  return patientItems.filter(
    (other) => !sameId(other.id, item.id) && includedIds(other).some((id) => sameId(id, item.id)),
  );
}

/** A sub-item: another item of the same patient includes it. */
export function isSubitem(item: CartItem, patientItems: readonly CartItem[]): boolean {
  return includingItems(item, patientItems).length > 0;
}

/** A familiar item with a patient count is shared by that many patients. */
export function familiarPatientCount(
  item: Pick<CatalogueItem, 'is_familiar' | 'number_of_patients'>,
): number | null {
  return item.is_familiar && item.number_of_patients !== null && item.number_of_patients !== undefined
    ? item.number_of_patients
    : null;
}

/** How much of the item one patient holds: 1, or 1/N for a familiar item over N patients. */
export function itemShare(item: Pick<CatalogueItem, 'is_familiar' | 'number_of_patients'>): number {
  const count = familiarPatientCount(item);
  return count && count > 0 ? 1 / count : 1;
}

/** Items may be combined unless one says otherwise; absent means allowed. */
export function allowsMoreItems(item: Pick<CatalogueItem, 'allows_more_items_in_cart'>): boolean {
  return item.allows_more_items_in_cart !== false;
}

/** A pack links to /servicios-disponibles/packs/{slug}; another item with a wiki slug to /wiki/{slug}. */
export function moreInfoPath(item: Pick<CartItem, 'type' | 'slug' | 'cms_data'>): string | null {
  if (isPack(item)) return item.slug ? `/servicios-disponibles/packs/${item.slug}` : null;
  const cmsSlug = item.cms_data?.slug;
  return cmsSlug ? `/wiki/${cmsSlug}` : null;
}

/** The name shown for an item: one sales source shows display_name (falling back to the name). */
export function itemDisplayName(
  item: Pick<CatalogueItem, 'name' | 'display_name'>,
  useDisplayName: boolean,
): string {
  return (useDisplayName && item.display_name?.trim()) || item.name;
}
