import { asc, sql } from 'drizzle-orm';
import type { ChangeBus } from '../changes/change-bus.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { type PartnerFund, readPartnerProfile } from '@visita/domain/partner-profile';
import { catalogueItems, clients, itemPrices, packItems } from '../../db/schema.ts';
import type { CatalogueRow } from './queries.ts';
import { SEARCH_TEXT_SEPARATOR } from './search-text.ts';

type ItemRow = typeof catalogueItems.$inferSelect;
type PriceRow = typeof itemPrices.$inferSelect;

/**
 * The whole catalogue, read as one consistent view and kept in memory for a few seconds. Search,
 * listings and quotes are the hottest calls and the catalogue is small and rarely edited:
 * answering them from memory keeps the database out of the hot path. Nothing here is booking
 * state (stock and coupon uses stay in the database and are checked where they change), so
 * instances may differ for at most the TTL after an edit.
 */
export interface CatalogueSnapshot {
  byId: ReadonlyMap<number, ItemRow>;
  /** Rows per country, in name order (the listing order). */
  byCountry: Readonly<Record<'cl' | 'mx', readonly ItemRow[]>>;
  /** item_prices rows per item. */
  overrides: ReadonlyMap<number, readonly PriceRow[]>;
  /** A pack's items or a panel's measures, by position. */
  subItems: ReadonlyMap<number, ReadonlyArray<{ id: number; name: string }>>;
  /** Each entry's folded name and short name, split out of search_text once for ranking. */
  rankKeys: ReadonlyMap<number, { name: string; shortName: string }>;
  /** What the partners of each sales source say about its prices and bookings (their profiles). */
  salesSources: ReadonlyMap<string, SalesSourceRules>;
}

/** A sales source's pricing and booking rules, from the profiles of the partners that sell under it. */
interface SalesSourceRules {
  /** The exams are paid at the address: the quote's payment_at_home is their price. */
  examsPaidAtHome: boolean;
  /** The benefits fund behind the source, with the name its refusals give. */
  fund: (PartnerFund & { name: string }) | null;
}

const NO_SALES_SOURCE_RULES: SalesSourceRules = { examsPaidAtHome: false, fund: null };

/** The rules of a sales source; a source no partner sells under has none. */
export const salesSourceRules = (snapshot: CatalogueSnapshot, source: string | null | undefined) =>
  (source ? snapshot.salesSources.get(source) : undefined) ?? NO_SALES_SOURCE_RULES;

export interface PriceContext {
  salesSource?: string | null;
  commune?: string | null;
}

export interface ResolvedPrice {
  price: number | null;
  promotionPrice: number | null;
  /** True when an item_prices row set it (its promotion is then the row's, not the item's flag). */
  override: boolean;
}

/** Items read per query when a snapshot loads (loadCatalogueSnapshot). */
const CATALOGUE_PAGE_ROWS = 500;

/**
 * Reads the catalogue in pages of items, all in one read-only repeatable-read transaction, so the
 * pages are one consistent view. Mapping thousands of rows in one go held the event loop for
 * tens of milliseconds once per TTL, and every request then in flight waited (the tail latency of
 * time-availability in bench/); between pages the loop answers requests.
 */
export async function loadCatalogueSnapshot(
  db: Db,
  { pageRows = CATALOGUE_PAGE_ROWS }: { pageRows?: number } = {},
): Promise<CatalogueSnapshot> {
  return inTransaction(
    db,
    async (tx) => {
      const byId = new Map<number, ItemRow>();
      const byCountry = { cl: [] as ItemRow[], mx: [] as ItemRow[] };
      const rankKeys = new Map<number, { name: string; shortName: string }>();
      let last: ItemRow | undefined;
      for (;;) {
        const page = await tx
          .select()
          .from(catalogueItems)
          .where(
            last
              ? sql`(${catalogueItems.name}, ${catalogueItems.id}) > (${last.name}, ${last.id})`
              : undefined,
          )
          .orderBy(asc(catalogueItems.name), asc(catalogueItems.id))
          .limit(pageRows);
        for (const item of page) {
          byId.set(item.id, item);
          byCountry[item.country].push(item);
          const [name = '', shortName = ''] = item.searchText.split(SEARCH_TEXT_SEPARATOR);
          rankKeys.set(item.id, { name, shortName });
        }
        last = page.at(-1);
        if (page.length < pageRows) break;
      }
      const overrides = overridesOf(await tx.select().from(itemPrices));
      const links = await tx
        .select()
        .from(packItems)
        .orderBy(asc(packItems.packId), asc(packItems.position), asc(packItems.itemId));
      const subItems = new Map<number, Array<{ id: number; name: string }>>();
      for (const link of links) {
        const item = byId.get(link.itemId);
        if (!item) continue;
        subItems.set(link.packId, [...(subItems.get(link.packId) ?? []), { id: item.id, name: item.name }]);
      }
      // Several partners may sell under one source: a rule holds when one of them states it, and
      // the fund is the first one stated (in client id order).
      const partners = await tx
        .select({ name: clients.name, salesSource: clients.salesSource, profile: clients.profile })
        .from(clients)
        .orderBy(asc(clients.id));
      const salesSources = new Map<string, SalesSourceRules>();
      for (const partner of partners) {
        const { rules } = readPartnerProfile(partner.profile);
        const known = salesSources.get(partner.salesSource) ?? NO_SALES_SOURCE_RULES;
        salesSources.set(partner.salesSource, {
          examsPaidAtHome: known.examsPaidAtHome || rules.exams_paid_at_home,
          fund: known.fund ?? (rules.fund ? { ...rules.fund, name: rules.fund.name ?? partner.name } : null),
        });
      }
      return { byId, byCountry, overrides, subItems, rankKeys, salesSources };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The price rows by item. */
function overridesOf(prices: readonly PriceRow[]): Map<number, PriceRow[]> {
  const overrides = new Map<number, PriceRow[]>();
  for (const row of prices) {
    const list = overrides.get(row.itemId);
    if (list) list.push(row);
    else overrides.set(row.itemId, [row]);
  }
  return overrides;
}

/**
 * A snapshot with the prices read again and everything else kept: after a price edit or import,
 * which changes no item, re-reading and mapping thousands of items each time was most of the
 * reload's work and memory.
 */
async function withPricesReloaded(db: Db, snapshot: CatalogueSnapshot): Promise<CatalogueSnapshot> {
  return { ...snapshot, overrides: overridesOf(await db.select().from(itemPrices)) };
}

/** How specific an override is: source and commune beat source, which beats commune. */
const specificity = (row: PriceRow) => (row.salesSource ? 2 : 0) + (row.commune ? 1 : 0);

/**
 * An item's price for a sales source and commune: the most specific item_prices row that
 * applies (source and commune, then source, then commune), else the item's base price.
 */
export function resolvePrice(
  snapshot: CatalogueSnapshot,
  item: ItemRow,
  context: PriceContext,
): ResolvedPrice {
  let best: PriceRow | undefined;
  for (const row of snapshot.overrides.get(item.id) ?? []) {
    if (row.salesSource !== null && row.salesSource !== (context.salesSource ?? null)) continue;
    if (row.commune !== null && row.commune !== (context.commune ?? null)) continue;
    if (!best || specificity(row) > specificity(best)) best = row;
  }
  return best
    ? { price: best.price, promotionPrice: best.promotionPrice, override: true }
    : { price: item.price, promotionPrice: item.promotionPrice, override: false };
}

/** The answer row of an item at a resolved price (fields, snake_case). */
function toCatalogueRow(snapshot: CatalogueSnapshot, item: ItemRow, price: ResolvedPrice): CatalogueRow {
  const isPromotion = price.override
    ? price.promotionPrice !== null
    : item.isPromotion && item.promotionPrice !== null;
  return {
    id: item.id,
    resourcetype: item.resourcetype,
    name: item.name,
    short_name: item.shortName,
    display_name: item.displayName,
    description: item.description,
    slug: item.slug,
    category: item.category,
    country: item.country,
    active: item.active,
    price: price.price ?? 0,
    is_promotion: isPromotion,
    promotion_price: price.promotionPrice,
    stackable: item.stackable,
    fast_hours: item.fastHours,
    results_hours: item.resultsHours,
    results_on_business_days: item.resultsOnBusinessDays,
    cms_slug: item.cmsSlug,
    allows_fonasa: item.allowsFonasa,
    fonasa_price: item.fonasaPrice,
    fonasa_copayment: item.fonasaCopayment,
    service_fee: item.serviceFee,
    fonasa_service_fee: item.fonasaServiceFee,
    image: item.image,
    tags: item.tags,
    allows_more_items_in_cart: item.allowsMoreItemsInCart,
    is_familiar: item.isFamiliar,
    number_of_patients: item.numberOfPatients,
    sub_items:
      item.resourcetype === null || item.resourcetype === 'Panel'
        ? [...(snapshot.subItems.get(item.id) ?? [])]
        : null,
  };
}

export interface CatalogueSelection extends PriceContext {
  country: 'cl' | 'mx';
  /** 'item': anything with a resourcetype; 'pack': packs only. */
  kind?: 'item' | 'pack' | 'any';
  ids?: readonly number[] | null;
  category?: string | null;
  /** Folded query words (searchWords): each must occur in search_text. */
  words?: readonly string[];
  limit: number;
}

/**
 * Active, priced entries of a country matching the selection, best first. Ranking (with words):
 * exact name or short name, then name prefix, then a word of the name (or the short name)
 * starting with the query, then any other match; ties by name, then id.
 */
export function selectCatalogue(snapshot: CatalogueSnapshot, selection: CatalogueSelection): CatalogueRow[] {
  const words = selection.words ?? [];
  const phrase = words.join(' ');
  const wanted = selection.ids ? new Set(selection.ids) : null;
  const candidates = wanted
    ? [...wanted].map((id) => snapshot.byId.get(id)).filter((item): item is ItemRow => item !== undefined)
    : snapshot.byCountry[selection.country];
  const matches: Array<{ item: ItemRow; price: ResolvedPrice; rank: number; name: string }> = [];
  for (const item of candidates) {
    if (item.country !== selection.country || !item.active) continue;
    if (selection.kind === 'item' && item.resourcetype === null) continue;
    if (selection.kind === 'pack' && item.resourcetype !== null) continue;
    if (selection.category && item.category !== selection.category) continue;
    if (!words.every((word) => item.searchText.includes(word))) continue;
    const price = resolvePrice(snapshot, item, selection);
    if (price.price === null) continue;
    const { name, shortName } = snapshot.rankKeys.get(item.id) ?? { name: '', shortName: '' };
    let rank = 0;
    if (phrase) {
      if (name === phrase || shortName === phrase) rank = 0;
      else if (name.startsWith(phrase)) rank = 1;
      else if (name.includes(` ${phrase}`) || shortName.startsWith(phrase)) rank = 2;
      else rank = 3;
    }
    matches.push({ item, price, rank, name });
  }
  matches.sort(
    (a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.item.id - b.item.id,
  );
  return matches.slice(0, selection.limit).map((match) => toCatalogueRow(snapshot, match.item, match.price));
}

/** A kept snapshot is served while a fresh one loads, but never once this many TTLs old. */
export const CATALOGUE_STALE_FACTOR = 3;

/**
 * Keeps a snapshot for `ttlMs` (0 reads afresh on every call, as tests do). Concurrent callers
 * share one load, so an expiry under load costs one set of queries, not one per request. Past
 * the TTL the kept snapshot is still answered while the next one loads (stale while
 * revalidate): otherwise every request in flight waits for the whole catalogue's read once per
 * TTL, which is what set the tail latency of every call that prices or searches (bench/). An
 * edit therefore shows after at most the TTL plus one load; a snapshot older than
 * CATALOGUE_STALE_FACTOR TTLs (an idle instance) is never served.
 */
export function createCatalogueReader(db: Db, ttlMs: number, changes?: ChangeBus) {
  let current: { snapshot: CatalogueSnapshot; at: number; stale: boolean } | null = null;
  let loading: Promise<CatalogueSnapshot> | null = null;
  // A load that started before a change is not kept after it.
  let generation = 0;
  // A change other than prices' was told and no whole read since has been kept: the next load reads
  // everything even if the change that starts it is a price's.
  let wholeOwed = false;
  /** Reads the whole catalogue, or (`prices`) the prices into the snapshot kept. */
  const load = (part?: 'prices'): Promise<CatalogueSnapshot> => {
    if (!loading) {
      const started = Date.now();
      const startedGeneration = generation;
      const base = part === 'prices' && !wholeOwed ? current : null;
      const promise = (base ? withPricesReloaded(db, base.snapshot) : loadCatalogueSnapshot(db))
        .then((snapshot) => {
          if (startedGeneration === generation) {
            // A prices-only read keeps the age of the items it kept: they are still re-read on time.
            current = { snapshot, at: base ? base.at : started, stale: false };
            if (!base) wholeOwed = false;
          }
          return snapshot;
        })
        .finally(() => {
          if (loading === promise) loading = null;
        });
      loading = promise;
    }
    return loading;
  };
  // A catalogue edit on any instance: its reload starts at once, and until it is in, requests
  // keep the snapshot they had rather than queue behind it (a reload of thousands of items and
  // prices took hundreds of ms, and a price import made one a second). The instance that made
  // the edit waits for it before answering (ChangeBus.publish waits for this handler), so what
  // it answers next has the edit.
  changes?.subscribe((change) => {
    // A partner's profile carries its source's pricing rules (salesSources).
    if (change.topic !== 'catalogue' && change.topic !== 'client' && change.topic !== 'everything') return;
    const pricesOnly = change.topic === 'catalogue' && change.part === 'prices';
    if (!pricesOnly) wholeOwed = true;
    generation += 1;
    loading = null;
    if (current) current.stale = true;
    return load(pricesOnly ? 'prices' : undefined).then(
      () => undefined,
      () => undefined,
    );
  });
  return async function readCatalogue(): Promise<CatalogueSnapshot> {
    if (current && ttlMs > 0) {
      const age = Date.now() - current.at;
      if (age < ttlMs && !current.stale) return current.snapshot;
      if (age < ttlMs * CATALOGUE_STALE_FACTOR || current.stale) {
        // A failed refresh leaves the kept snapshot to age out; a later call loads again.
        load().catch(() => {});
        if (age < ttlMs * CATALOGUE_STALE_FACTOR) return current.snapshot;
      }
    }
    return load();
  };
}

export type CatalogueReader = ReturnType<typeof createCatalogueReader>;
