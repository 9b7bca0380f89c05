import type { CatalogueItem, CatalogueQuery, SearchQuery } from '@visita/domain/contract/catalogue';
import { LRUCache } from 'lru-cache';
import type { CatalogueRow } from './queries.ts';
import { type CatalogueSnapshot, selectCatalogue } from './snapshot.ts';
import { searchWords } from './search-text.ts';

/** Search answers at most this many entries: a list a person reads, and a bounded query. */
export const SEARCH_LIMIT = 50;
/** Without ids, /v2/items/ and /v2/packs/ list the country's entries up to this many. */
const LIST_LIMIT = 200;

/** A row in the product's shape: packs carry items, panels carry measures. */
function toCatalogueItem(row: CatalogueRow): CatalogueItem {
  const item: CatalogueItem = {
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    display_name: row.display_name,
    description: row.description,
    slug: row.slug,
    price: row.price,
    is_promotion: row.is_promotion,
    promotion_price: row.is_promotion ? row.promotion_price : null,
    category: row.category,
    active: row.active,
    country: row.country,
    stackable: row.stackable,
    fast_hours: row.fast_hours,
    results_hours: row.results_hours,
    cms_data: { slug: row.cms_slug },
    fonasa_copayment: row.fonasa_copayment,
    fonasa_price: row.fonasa_price,
    allows_fonasa: row.allows_fonasa,
    image: row.image,
    tags: row.tags,
    allows_more_items_in_cart: row.allows_more_items_in_cart,
    is_familiar: row.is_familiar,
    number_of_patients: row.number_of_patients,
    service_fee: row.service_fee,
    fonasa_service_fee: row.fonasa_service_fee,
    results_on_business_days: row.results_on_business_days,
  };
  // A pack has no resourcetype on the wire (the widget reads its absence as 'pack').
  if (row.resourcetype) item.resourcetype = row.resourcetype;
  if (row.resourcetype === null) item.items = row.sub_items ?? [];
  if (row.resourcetype === 'Panel') item.measures = row.sub_items ?? [];
  return item;
}

/** Keeps the order the caller asked for (a prefilled cart lists services as linked). */
function inRequestedOrder(rows: CatalogueRow[], ids: readonly number[]): CatalogueRow[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return [...rows].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/**
 * GET /v2/items/ (kind 'item') and /v2/packs/ (kind 'pack'): the priced, active entries of the
 * country among the ids, in their order; without ids, all of them by name (up to LIST_LIMIT).
 * Unknown ids, ids of the other kind or country, unpriced and inactive entries are left out.
 */
export function listCatalogue(
  snapshot: CatalogueSnapshot,
  request: CatalogueQuery,
  kind: 'item' | 'pack',
): CatalogueItem[] {
  const hasIds = request.ids.length > 0;
  const rows = selectCatalogue(snapshot, {
    country: request.country,
    salesSource: request.source,
    commune: request.locality,
    kind,
    ids: hasIds ? request.ids : null,
    limit: hasIds ? request.ids.length : LIST_LIMIT,
  });
  return (hasIds ? inRequestedOrder(rows, request.ids) : rows).map(toCatalogueItem);
}

/**
 * GET /v2/search/client/: items and packs whose search text holds every word of the query,
 * best matches first. show_all=false with item_ids restricts the answer to those ids (the
 * partner's displayed services); item_ids mean nothing otherwise, and show_all=false without
 * ids restricts nothing (a partner that lists no services has not limited them).
 */
export function searchCatalogue(snapshot: CatalogueSnapshot, request: SearchQuery): CatalogueItem[] {
  const restricted = !request.show_all && request.item_ids.length > 0;
  const words = searchWords(request.query);
  const key = JSON.stringify([
    request.country,
    request.source ?? null,
    request.commune ?? null,
    request.category ?? null,
    restricted ? request.item_ids : null,
    words,
  ]);
  const memo = searchMemoFor(snapshot);
  const remembered = memo.get(key);
  if (remembered) return remembered;
  const rows = selectCatalogue(snapshot, {
    country: request.country,
    salesSource: request.source,
    commune: request.commune,
    kind: 'any',
    ids: restricted ? request.item_ids : null,
    category: request.category,
    words,
    limit: SEARCH_LIMIT,
  });
  const answer = rows.map(toCatalogueItem);
  memo.set(key, answer);
  return answer;
}

/**
 * Search is typeahead: people type the same few hundred prefixes ('he', 'hem', 'hemo'...), so
 * answers are remembered per snapshot. A new snapshot starts a new memo, so an answer is never
 * staler than the catalogue it came from; the memo holds at most MEMO_MAX_ENTRIES entries in all.
 */
const MEMO_MAX_ENTRIES = 20_000;
const searchMemos = new WeakMap<CatalogueSnapshot, LRUCache<string, CatalogueItem[]>>();

function searchMemoFor(snapshot: CatalogueSnapshot): LRUCache<string, CatalogueItem[]> {
  let memo = searchMemos.get(snapshot);
  if (!memo) {
    memo = new LRUCache({ maxSize: MEMO_MAX_ENTRIES, sizeCalculation: (answer) => answer.length + 1 });
    searchMemos.set(snapshot, memo);
  }
  return memo;
}
