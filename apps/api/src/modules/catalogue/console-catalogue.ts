/**
 * The console's catalogue (catalogue.manage): a country's items listed and filtered, one item with
 * its pack items, a new item (its id explicit, or the next free one), an item edited, and its stock
 * set. Every write is one transaction with its audit row, keeps search_text in step with the names,
 * tags and category (catalogueSearchText, as the seed writes it), and once committed tells every
 * instance's catalogue snapshot, so the widget lists, searches and prices the change at once.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import {
  type CatalogueKind,
  type CatalogueSkill,
  catalogueStockState,
  type ConsoleCatalogueFields,
  type ConsoleCatalogueItem,
  type ConsoleCatalogueListAnswer,
  type ConsoleCatalogueOptions,
  type ConsoleCatalogueRow,
  type ConsoleCatalogueSourceStockAnswer,
  type ConsoleCreateCatalogueItemBody,
} from '@visita/domain/contract/console-catalogue';
import type { CountryCode } from '@visita/domain/locale';
import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, inTransaction, sqlStateOf } from '../../db/database.ts';
import { catalogueItems, catalogueStock, operativeStatus, packItems } from '../../db/schema.ts';
import { foldSearchText } from '../../search-text.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import { recordAudit } from '../audit/queries.ts';
import type { ChangeBus } from '../changes/change-bus.ts';
import { knownSalesSources } from '../coverage/console-coverage.ts';
import { catalogueSearchText, searchWords } from './search-text.ts';
import type { CatalogueSnapshot } from './snapshot.ts';

type ItemRow = typeof catalogueItems.$inferSelect;

const UNIQUE_VIOLATION = '23505';

const CATEGORY_OF: Record<CatalogueKind, string> = {
  exam: 'exam',
  pack: 'pack',
  vaccine: 'vaccine',
  service: 'medical_service',
};

/** A pack has no resourcetype; otherwise the category says vaccine or service, and the rest are exams. */
function catalogueKindOf(item: Pick<ItemRow, 'resourcetype' | 'category'>): CatalogueKind {
  if (item.resourcetype === null) return 'pack';
  if (item.category === 'vaccine') return 'vaccine';
  if (item.category === 'medical_service' || item.resourcetype === 'MedicalService') return 'service';
  return 'exam';
}

const kindCondition = (kind: CatalogueKind): SQL | undefined => {
  const service = or(
    eq(catalogueItems.category, 'medical_service'),
    eq(catalogueItems.resourcetype, 'MedicalService'),
  );
  const notPack = isNotNull(catalogueItems.resourcetype);
  if (kind === 'pack') return isNull(catalogueItems.resourcetype);
  if (kind === 'vaccine') return and(notPack, eq(catalogueItems.category, 'vaccine'));
  if (kind === 'service') return and(notPack, ne(catalogueItems.category, 'vaccine'), service);
  return and(notPack, ne(catalogueItems.category, 'vaccine'), service ? not(service) : undefined);
};

function rowOf(item: ItemRow): ConsoleCatalogueRow {
  return {
    id: item.id,
    country: item.country,
    kind: catalogueKindOf(item),
    name: item.name,
    display_name: item.displayName,
    active: item.active,
    price: item.price,
    stock: item.stock,
    stock_state: catalogueStockState(item.stock),
  };
}

/** GET /console/catalogue: the country's items by name, filtered by kind, activity, stock and words. */
export async function listCatalogueItems(
  db: Db,
  query: {
    country: CountryCode;
    kind?: CatalogueKind | undefined;
    active?: boolean | undefined;
    limited_stock?: boolean | undefined;
    q?: string | undefined;
    limit: number;
  },
): Promise<ConsoleCatalogueListAnswer> {
  const text = query.q?.trim() ?? '';
  const conditions: Array<SQL | undefined> = [eq(catalogueItems.country, query.country)];
  if (query.kind) conditions.push(kindCondition(query.kind));
  if (query.active !== undefined) conditions.push(eq(catalogueItems.active, query.active));
  // Limited: a shared count, or a count of its own for some source.
  if (query.limited_stock)
    conditions.push(
      or(
        isNotNull(catalogueItems.stock),
        exists(
          db
            .select({ one: sql`1` })
            .from(catalogueStock)
            .where(eq(catalogueStock.itemId, catalogueItems.id)),
        ),
      ),
    );
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
  return { results: items.map(rowOf), total: Number(totals?.total ?? 0) };
}

async function findItem(db: Db, id: number, lock = false): Promise<ItemRow> {
  const select = db.select().from(catalogueItems).where(eq(catalogueItems.id, id));
  const [item] = lock ? await select.for('update') : await select;
  if (!item) throw fail(ERRORS.CONSOLE_CATALOGUE_ITEM_NOT_FOUND);
  return item;
}

async function subItemsOf(db: Db, id: number): Promise<ItemRow[]> {
  const rows = await db
    .select({ item: catalogueItems })
    .from(packItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, packItems.itemId))
    .where(eq(packItems.packId, id))
    .orderBy(asc(packItems.position), asc(packItems.itemId));
  return rows.map((row) => row.item);
}

/** GET /console/catalogue/:id: the item, its items in order, the packs holding it, who reads its stock. */
export async function catalogueItemDetail(
  db: Db,
  catalogue: CatalogueSnapshot,
  id: number,
): Promise<ConsoleCatalogueItem> {
  const item = await findItem(db, id);
  const subItems = await subItemsOf(db, id);
  const packs = await db
    .select({ id: catalogueItems.id, name: catalogueItems.name })
    .from(packItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, packItems.packId))
    .where(eq(packItems.itemId, id))
    .orderBy(asc(catalogueItems.name));
  const stockSources = await db
    .select({ source: operativeStatus.salesSource })
    .from(operativeStatus)
    .where(eq(operativeStatus.stockItemId, id))
    .orderBy(asc(operativeStatus.salesSource));
  const oncePerPatient = [...catalogue.salesSources.entries()]
    .filter(([, rules]) => rules.fund?.once_per_patient_items.includes(item.slug))
    .map(([source]) => source)
    .sort();
  const kind = catalogueKindOf(item);
  const skills = kind === 'pack' && subItems.length > 0 ? subItems.map((sub) => sub.skill) : [item.skill];
  return {
    ...rowOf(item),
    resourcetype: item.resourcetype,
    short_name: item.shortName,
    slug: item.slug,
    cms_slug: item.cmsSlug,
    description: item.description,
    tags: item.tags,
    skill: item.skill,
    skills_needed: [...new Set<CatalogueSkill>(skills)].sort(),
    fast_hours: item.fastHours,
    results_hours: item.resultsHours,
    results_on_business_days: item.resultsOnBusinessDays,
    allows_more_items_in_cart: item.allowsMoreItemsInCart,
    stackable: item.stackable,
    items: subItems.map((sub) => ({ id: sub.id, name: sub.name, kind: catalogueKindOf(sub) })),
    in_packs: packs,
    stock_sources: stockSources.map((row) => row.source),
    once_per_patient_sources: oncePerPatient,
    more_info_path:
      kind === 'pack'
        ? `/servicios-disponibles/packs/${item.slug}`
        : item.cmsSlug
          ? `/wiki/${item.cmsSlug}`
          : null,
  };
}

/** GET /console/catalogue/options: the country's items a pack or an exam may include; the next id. */
export async function catalogueOptions(db: Db, country: CountryCode): Promise<ConsoleCatalogueOptions> {
  const rows = await db
    .select()
    .from(catalogueItems)
    .where(and(eq(catalogueItems.country, country), isNotNull(catalogueItems.resourcetype)))
    .orderBy(asc(catalogueItems.name), asc(catalogueItems.id));
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: catalogueKindOf(row),
      active: row.active,
    })),
    next_id: await nextFreeId(db),
  };
}

/** The id after the highest: ids are never reused, so an old link never opens another item. */
async function nextFreeId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${catalogueItems.id})` }).from(catalogueItems);
  return Number(row?.max ?? 0) + 1;
}

/** A slug from the name: accents off, lower case, words joined by dashes. */
const slugOfName = (name: string) =>
  foldSearchText(name).replaceAll(' ', '-').slice(0, 100).replace(/-+$/, '');

/**
 * The included items, checked: of the item's country, never a pack (one level, as the cart and
 * the skills read them), never the item itself; a pack has at least one, a vaccine or service none.
 */
async function checkedSubItems(
  db: Db,
  kind: CatalogueKind,
  country: CountryCode,
  selfId: number | null,
  ids: readonly number[],
): Promise<void> {
  if (kind === 'pack' && ids.length === 0) throw fail(ERRORS.CONSOLE_CATALOGUE_PACK_NEEDS_ITEMS);
  if ((kind === 'vaccine' || kind === 'service') && ids.length > 0)
    throw fail(ERRORS.CONSOLE_CATALOGUE_NO_SUB_ITEMS);
  if (selfId !== null && ids.includes(selfId)) throw fail(ERRORS.CONSOLE_CATALOGUE_PACK_CONTAINS_ITSELF);
  if (ids.length === 0) return;
  const found = await db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(
      and(
        inArray(catalogueItems.id, [...ids]),
        eq(catalogueItems.country, country),
        isNotNull(catalogueItems.resourcetype),
      ),
    );
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw fail(ERRORS.consoleCatalogueUnknownItems(unknown.slice(0, 10).join(', ')));
}

/** The columns the fields write (search_text with them). */
function columnsOf(kind: CatalogueKind, fields: ConsoleCatalogueFields, slug: string) {
  const columns = {
    resourcetype:
      kind === 'pack'
        ? null
        : kind === 'service'
          ? ('MedicalService' as const)
          : kind === 'exam' && fields.item_ids.length > 0
            ? ('Panel' as const)
            : ('Measure' as const),
    category: CATEGORY_OF[kind],
    name: fields.name,
    displayName: fields.display_name,
    shortName: fields.short_name,
    slug,
    cmsSlug: kind === 'pack' ? null : fields.cms_slug,
    description: fields.description,
    tags: [...new Set(fields.tags)],
    skill: fields.skill,
    fastHours: fields.fast_hours,
    resultsHours: fields.results_hours,
    resultsOnBusinessDays: fields.results_on_business_days,
    allowsMoreItemsInCart: fields.allows_more_items_in_cart,
    stackable: fields.stackable,
    active: fields.active,
  };
  return { ...columns, searchText: catalogueSearchText(columns) };
}

/** What the audit log keeps of an item: its fields and its items. */
const auditView = (item: ItemRow, itemIds: readonly number[]) => {
  const { searchText: _searchText, ...fields } = item;
  return { ...fields, item_ids: [...itemIds] };
};

async function writeSubItems(tx: Db, id: number, itemIds: readonly number[]): Promise<void> {
  await tx.delete(packItems).where(eq(packItems.packId, id));
  if (itemIds.length > 0)
    await tx.insert(packItems).values(itemIds.map((itemId, position) => ({ packId: id, itemId, position })));
}

const audit = (by: ConsoleOperator, id: number) => ({
  actor: consoleActor(by),
  operatorId: by.operatorId,
  entityType: 'catalogue_item' as const,
  entityId: String(id),
  partnerId: null,
});

/** A slug taken in the country (by another item than `exceptId`). */
async function slugTaken(db: Db, country: CountryCode, slug: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.country, country),
        eq(catalogueItems.slug, slug),
        exceptId === null ? undefined : ne(catalogueItems.id, exceptId),
      ),
    );
  return row !== undefined;
}

async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw fail(ERRORS.CONSOLE_CATALOGUE_SLUG_TAKEN);
    throw error;
  }
}

/**
 * POST /console/catalogue: a new item of the country, with its id (null: the next free one, one
 * creation at a time) and, for a pack, its items. Audited as catalogue.item_created.
 */
export async function createCatalogueItem(
  db: Db,
  changes: ChangeBus,
  by: ConsoleOperator,
  body: ConsoleCreateCatalogueItemBody,
): Promise<number> {
  const id = await refusingDuplicates(() =>
    inTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visita:catalogue-create'))`);
      const id = body.id ?? (await nextFreeId(tx));
      const [taken] = await tx
        .select({ id: catalogueItems.id })
        .from(catalogueItems)
        .where(eq(catalogueItems.id, id));
      if (taken) throw fail(ERRORS.CONSOLE_CATALOGUE_ID_TAKEN);
      await checkedSubItems(tx, body.kind, body.country, id, body.item_ids);
      let slug = body.slug ?? (slugOfName(body.name) || `item-${id}`);
      if (await slugTaken(tx, body.country, slug, null)) {
        if (body.slug) throw fail(ERRORS.CONSOLE_CATALOGUE_SLUG_TAKEN);
        slug = `${slug}-${id}`;
      }
      const [row] = await tx
        .insert(catalogueItems)
        .values({ id, country: body.country, ...columnsOf(body.kind, body, slug) })
        .returning();
      await writeSubItems(tx, id, body.item_ids);
      if (row)
        await recordAudit(tx, {
          ...audit(by, id),
          action: 'catalogue.item_created',
          before: null,
          after: auditView(row, body.item_ids),
        });
      return id;
    }),
  );
  await changes.publish({ topic: 'catalogue' });
  return id;
}

/**
 * PUT /console/catalogue/:id: every field but the country and the kind (an exam becomes a panel
 * with measures, and back); a pack's items replaced in the order given. Audited as
 * catalogue.item_updated, before and after.
 */
export async function updateCatalogueItem(
  db: Db,
  changes: ChangeBus,
  by: ConsoleOperator,
  id: number,
  fields: ConsoleCatalogueFields,
): Promise<void> {
  await refusingDuplicates(() =>
    inTransaction(db, async (tx) => {
      const current = await findItem(tx, id, true);
      const kind = catalogueKindOf(current);
      await checkedSubItems(tx, kind, current.country, id, fields.item_ids);
      const slug = fields.slug ?? current.slug;
      if (slug !== current.slug && (await slugTaken(tx, current.country, slug, id)))
        throw fail(ERRORS.CONSOLE_CATALOGUE_SLUG_TAKEN);
      const before = auditView(
        current,
        (await subItemsOf(tx, id)).map((sub) => sub.id),
      );
      const [row] = await tx
        .update(catalogueItems)
        .set(columnsOf(kind, fields, slug))
        .where(eq(catalogueItems.id, id))
        .returning();
      await writeSubItems(tx, id, fields.item_ids);
      await recordAudit(tx, {
        ...audit(by, id),
        action: 'catalogue.item_updated',
        before,
        after: auditView(row ?? current, fields.item_ids),
      });
    }),
  );
  await changes.publish({ topic: 'catalogue' });
}

/**
 * PUT /console/catalogue/:id/stock: the doses or units left (null: unlimited), set as counted;
 * confirmations take from it in the database. Audited as catalogue.stock_set.
 */
export async function setCatalogueStock(
  db: Db,
  changes: ChangeBus,
  by: ConsoleOperator,
  id: number,
  stock: number | null,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await findItem(tx, id, true);
    await tx.update(catalogueItems).set({ stock }).where(eq(catalogueItems.id, id));
    await recordAudit(tx, {
      ...audit(by, id),
      action: 'catalogue.stock_set',
      before: { stock: current.stock },
      after: { stock },
    });
  });
  await changes.publish({ topic: 'catalogue' });
}

/** GET /console/catalogue/:id/source-stock: the shared count and each source's own, with its state. */
export async function catalogueSourceStock(db: Db, id: number): Promise<ConsoleCatalogueSourceStockAnswer> {
  const item = await findItem(db, id);
  const rows = await db
    .select({ salesSource: catalogueStock.salesSource, stock: catalogueStock.stock })
    .from(catalogueStock)
    .where(eq(catalogueStock.itemId, id))
    .orderBy(asc(catalogueStock.salesSource));
  const own = new Set(rows.map((row) => row.salesSource));
  return {
    item_id: item.id,
    shared: { stock: item.stock, stock_state: catalogueStockState(item.stock) },
    sources: rows.map((row) => ({
      sales_source: row.salesSource,
      stock: row.stock,
      stock_state: catalogueStockState(row.stock),
    })),
    other_sources: (await knownSalesSources(db)).filter((source) => !own.has(source)),
  };
}

/** The source's own count of the item, locked for the write; null when it takes from the shared one. */
async function ownStockFor(tx: Db, id: number, salesSource: string): Promise<number | null> {
  const [row] = await tx
    .select({ stock: catalogueStock.stock })
    .from(catalogueStock)
    .where(and(eq(catalogueStock.itemId, id), eq(catalogueStock.salesSource, salesSource)))
    .for('update');
  return row?.stock ?? null;
}

/**
 * PUT /console/catalogue/:id/source-stock: a sales source's own count of the item, set as counted;
 * from then on its confirmations take from it (never from the shared stock) and its operative
 * switch reads it. Only a source partners sell with. Audited as catalogue.stock_set with the
 * source, before and after (stock null: it had no count of its own).
 */
export async function setCatalogueSourceStock(
  db: Db,
  changes: ChangeBus,
  by: ConsoleOperator,
  id: number,
  salesSource: string,
  stock: number,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    // The item's lock orders writes on its sources, so two operators never both see "no row".
    await findItem(tx, id, true);
    if (!(await knownSalesSources(tx)).includes(salesSource))
      throw fail(ERRORS.CONSOLE_CATALOGUE_STOCK_UNKNOWN_SOURCE);
    const before = await ownStockFor(tx, id, salesSource);
    await tx
      .insert(catalogueStock)
      .values({ itemId: id, salesSource, stock })
      .onConflictDoUpdate({ target: [catalogueStock.itemId, catalogueStock.salesSource], set: { stock } });
    await recordAudit(tx, {
      ...audit(by, id),
      action: 'catalogue.stock_set',
      before: { sales_source: salesSource, stock: before },
      after: { sales_source: salesSource, stock },
    });
  });
  await changes.publish({ topic: 'catalogue' });
}

/**
 * DELETE /console/catalogue/:id/source-stock: the source's own count removed; it takes from the
 * shared stock again. Audited as catalogue.stock_set, after with stock null (no count of its own).
 */
export async function removeCatalogueSourceStock(
  db: Db,
  changes: ChangeBus,
  by: ConsoleOperator,
  id: number,
  salesSource: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await findItem(tx, id, true);
    const before = await ownStockFor(tx, id, salesSource);
    if (before === null) throw fail(ERRORS.CONSOLE_CATALOGUE_SOURCE_STOCK_NOT_FOUND);
    await tx
      .delete(catalogueStock)
      .where(and(eq(catalogueStock.itemId, id), eq(catalogueStock.salesSource, salesSource)));
    await recordAudit(tx, {
      ...audit(by, id),
      action: 'catalogue.stock_set',
      before: { sales_source: salesSource, stock: before },
      after: { sales_source: salesSource, stock: null },
    });
  });
  await changes.publish({ topic: 'catalogue' });
}
