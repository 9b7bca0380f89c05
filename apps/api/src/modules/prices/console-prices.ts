/**
 * The console's prices: a country's items with their base price (promotion, Fonasa price and
 * copay) and the prices that differ per sales source and/or commune (item_prices), one such price
 * set, and the CSV export the import reads back (price-import.ts). Every write is audited in its
 * own transaction and, once committed, tells every instance's catalogue snapshot (the widget
 * quotes the new price at once).
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import {
  type ConsolePriceItem,
  type ConsolePricesAnswer,
  type ConsoleSetPriceBody,
  PRICE_CSV_HEADERS,
} from '@visita/domain/contract/console-prices';
import type { CountryCode } from '@visita/domain/locale';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { findPlaces } from '../../adapters/geocoders/gazetteer.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { catalogueItems, clients, itemPrices } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import { recordAudit } from '../audit/queries.ts';
import { searchWords } from '../catalogue/search-text.ts';
import type { ChangeBus } from '../changes/change-bus.ts';

type ItemRow = typeof catalogueItems.$inferSelect;
export type PriceRow = typeof itemPrices.$inferSelect;

/** The sales sources a price may name: those partners sell under, and those prices already name. */
export async function knownSalesSources(db: Db): Promise<string[]> {
  const fromClients = await db.selectDistinct({ source: clients.salesSource }).from(clients);
  const fromPrices = await db
    .selectDistinct({ source: itemPrices.salesSource })
    .from(itemPrices)
    .where(isNotNull(itemPrices.salesSource));
  const sources = new Set<string>();
  for (const row of [...fromClients, ...fromPrices]) if (row.source) sources.add(row.source);
  return [...sources].sort();
}

/**
 * The commune as the gazetteer names it ('nunoa' is 'Ñuñoa'), which is how an address's commune
 * reaches the quote; null when the country has no such commune (a named locality is not one).
 */
export function canonicalCommune(country: CountryCode, name: string): string | null {
  return findPlaces(country, name).find((place) => place.locality === undefined)?.name ?? null;
}

const kindOf = (item: Pick<ItemRow, 'resourcetype'>) => item.resourcetype ?? 'pack';

const overrideOf = (row: PriceRow) => ({
  sales_source: row.salesSource,
  commune: row.commune,
  price: row.price,
  promotion_price: row.promotionPrice,
});

/** Every source first, then by source, then the source-wide price before a commune's. */
function byScope(a: PriceRow, b: PriceRow): number {
  const source = (a.salesSource ?? '').localeCompare(b.salesSource ?? '');
  if (source !== 0) return source;
  if (a.commune === b.commune) return 0;
  if (a.commune === null) return -1;
  if (b.commune === null) return 1;
  return a.commune.localeCompare(b.commune, 'es');
}

function itemAnswer(item: ItemRow, overrides: readonly PriceRow[]): ConsolePriceItem {
  return {
    id: item.id,
    name: item.name,
    kind: kindOf(item),
    active: item.active,
    price: item.price,
    promotion_price: item.isPromotion ? item.promotionPrice : null,
    allows_fonasa: item.allowsFonasa,
    fonasa_price: item.fonasaPrice,
    fonasa_copayment: item.fonasaCopayment,
    overrides: [...overrides].sort(byScope).map(overrideOf),
  };
}

/** The overrides a source filter shows: the source's own and those of every source. */
const sourceFilter = (source: string | undefined): SQL | undefined =>
  source ? or(eq(itemPrices.salesSource, source), sql`${itemPrices.salesSource} is null`) : undefined;

async function overridesOf(db: Db, itemIds: readonly number[], source?: string) {
  const byItem = new Map<number, PriceRow[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select()
    .from(itemPrices)
    .where(and(inArray(itemPrices.itemId, [...itemIds]), sourceFilter(source)));
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row]);
  return byItem;
}

/** GET /console/prices: the country's items (by name) matching the words, with their prices. */
export async function listPrices(
  db: Db,
  query: { country: CountryCode; sales_source?: string | undefined; q?: string | undefined; limit: number },
): Promise<ConsolePricesAnswer> {
  const text = query.q?.trim() ?? '';
  const conditions: SQL[] = [eq(catalogueItems.country, query.country)];
  if (/^\d{1,9}$/.test(text)) conditions.push(eq(catalogueItems.id, Number(text)));
  else
    for (const word of searchWords(text))
      conditions.push(sql`strpos(${catalogueItems.searchText}, ${word}) > 0`);
  const where = and(...conditions);
  const [totals] = await db.select({ total: count() }).from(catalogueItems).where(where);
  const items = await db
    .select()
    .from(catalogueItems)
    .where(where)
    .orderBy(asc(catalogueItems.name), asc(catalogueItems.id))
    .limit(query.limit);
  const overrides = await overridesOf(
    db,
    items.map((item) => item.id),
    query.sales_source,
  );
  return {
    country: query.country,
    sales_sources: await knownSalesSources(db),
    results: items.map((item) => itemAnswer(item, overrides.get(item.id) ?? [])),
    total: Number(totals?.total ?? 0),
  };
}

/**
 * Console price writes take this lock for their transaction, so an import's check of what is
 * stored and its writes see no other console write in between (readers are never blocked).
 */
export async function lockPrices(tx: Db): Promise<void> {
  await tx.execute(sql`lock table item_prices in share row exclusive mode`);
}

/**
 * Tells every instance's catalogue snapshot that prices changed (after the commit): they re-read
 * the prices only, keeping the items they have.
 */
export async function pricesChanged(changes: ChangeBus): Promise<void> {
  await changes.publish({ topic: 'catalogue', part: 'prices' });
}

/**
 * PUT /console/prices: an item's price for a source and/or commune, added or changed (the base
 * price is the catalogue's, not set here). Audited as 'price.set' with the price before.
 */
export async function setPrice(
  db: Db,
  changes: ChangeBus,
  by: ConsoleOperator,
  body: ConsoleSetPriceBody,
): Promise<ConsolePriceItem> {
  const commune = body.commune === null ? null : canonicalCommune(body.country, body.commune);
  if (body.commune !== null && commune === null) throw fail(ERRORS.CONSOLE_PRICE_UNKNOWN_COMMUNE);
  if (body.sales_source !== null && !(await knownSalesSources(db)).includes(body.sales_source))
    throw fail(ERRORS.CONSOLE_PRICE_UNKNOWN_SOURCE);
  const source = body.sales_source;
  const answer = await inTransaction(db, async (tx) => {
    const [item] = await tx
      .select()
      .from(catalogueItems)
      .where(and(eq(catalogueItems.id, body.item_id), eq(catalogueItems.country, body.country)));
    if (!item) throw fail(ERRORS.CONSOLE_PRICE_ITEM_NOT_FOUND);
    await lockPrices(tx);
    const scope = and(
      eq(itemPrices.itemId, item.id),
      source === null ? sql`${itemPrices.salesSource} is null` : eq(itemPrices.salesSource, source),
      commune === null ? sql`${itemPrices.commune} is null` : eq(itemPrices.commune, commune),
    );
    const [before] = await tx.select().from(itemPrices).where(scope);
    if (before)
      await tx
        .update(itemPrices)
        .set({ price: body.price, promotionPrice: body.promotion_price })
        .where(eq(itemPrices.id, before.id));
    else
      await tx.insert(itemPrices).values({
        itemId: item.id,
        salesSource: source,
        commune,
        price: body.price,
        promotionPrice: body.promotion_price,
      });
    await recordAudit(tx, {
      actor: consoleActor(by),
      operatorId: by.operatorId,
      action: 'price.set',
      entityType: 'price',
      entityId: String(item.id),
      partnerId: null,
      before: before ? overrideOf(before) : null,
      after: {
        sales_source: source,
        commune,
        price: body.price,
        promotion_price: body.promotion_price,
      },
    });
    const overrides = await tx.select().from(itemPrices).where(eq(itemPrices.itemId, item.id));
    return itemAnswer(item, overrides);
  });
  await pricesChanged(changes);
  return answer;
}

/**
 * The overrides of a country's items (of one source when given), unsorted: the import keys them
 * by item, source and commune, and the export sorts them (exportOrder).
 */
export async function countryOverrides(
  db: Db,
  country: CountryCode,
  source?: string,
): Promise<Array<PriceRow & { itemName: string }>> {
  const rows = await db
    .select({ price: itemPrices, itemName: catalogueItems.name })
    .from(itemPrices)
    .innerJoin(catalogueItems, eq(catalogueItems.id, itemPrices.itemId))
    .where(and(eq(catalogueItems.country, country), source ? eq(itemPrices.salesSource, source) : undefined));
  return rows.map((row) => ({ ...row.price, itemName: row.itemName }));
}

const collator = new Intl.Collator('es');
/** The export's order, which an import's removed rows follow too: by item name, id, then scope. */
export const exportOrder = (a: PriceRow & { itemName: string }, b: PriceRow & { itemName: string }) =>
  collator.compare(a.itemName, b.itemName) || a.itemId - b.itemId || byScope(a, b);

/**
 * GET /console/prices.csv: the prices that differ (one row per item, source and commune), in the
 * columns the import reads (RFC 4180, a BOM so a spreadsheet reads the accents); a text that a
 * spreadsheet would run as a formula is written with a leading apostrophe.
 */
export async function pricesCsv(db: Db, query: { country: CountryCode; sales_source?: string | undefined }) {
  const rows = (await countryOverrides(db, query.country, query.sales_source)).sort(exportOrder);
  return stringify(
    rows.map((row) => [
      row.itemId,
      row.itemName,
      row.salesSource ?? '',
      row.commune ?? '',
      row.price,
      row.promotionPrice ?? '',
    ]),
    {
      bom: true,
      header: true,
      columns: [...PRICE_CSV_HEADERS],
      escape_formulas: true,
      record_delimiter: 'windows',
    },
  );
}

/** The attachment's name: the country and the source, when one. */
export function pricesCsvFilename(query: { country: CountryCode; sales_source?: string | undefined }) {
  return `precios-${query.country}${query.sales_source ? `-${query.sales_source}` : ''}.csv`;
}
