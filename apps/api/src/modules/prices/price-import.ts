/**
 * The prices' CSV import (docs/decisions/console-price-import.md): the file is read with
 * csv-parse, each row checked (refused with its reason, never half-taken), and compared with what
 * is stored: added, changed (old → new) and, only when the file says it covers a whole source,
 * removed. The dry run answers that diff with its SHA-256; the apply computes it again inside
 * its transaction, under the prices' lock, and writes only when it is still the same diff.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import {
  type ConsolePriceApplyAnswer,
  type ConsolePriceDiff,
  type ConsolePriceImportBody,
  PRICE_CSV_HEADERS,
  PRICE_IMPORT_MAX_ROWS,
  PRICE_MAX,
  PRICE_ROW_REFUSALS,
  type PriceRowRefusal,
} from '@visita/domain/contract/console-prices';
import type { CountryCode } from '@visita/domain/locale';
import { CsvError, parse } from 'csv-parse';
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { placeKey } from '../../adapters/geocoders/gazetteer.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { catalogueItems } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import { recordAudit } from '../audit/queries.ts';
import type { ChangeBus } from '../changes/change-bus.ts';
import {
  canonicalCommune,
  countryOverrides,
  exportOrder,
  knownSalesSources,
  lockPrices,
  type PriceRow,
  pricesChanged,
} from './console-prices.ts';

/** A data row of the file: its line and its cells. */
interface FileRow {
  line: number;
  cells: string[];
}

const COLUMNS = PRICE_CSV_HEADERS.length;
const FOLDED_HEADERS = PRICE_CSV_HEADERS.map((header) => placeKey(header));

/** ';' when the header is separated by semicolons (a spreadsheet in Spanish saves so), else ','. */
function delimiterOf(csv: string): ',' | ';' {
  const firstLine = csv.slice(0, csv.search(/\r?\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

/**
 * Lets the requests waiting meanwhile run: a file of 5,000 rows is read and compared in turns of
 * a few ms each, not one block of tens of ms during which availability and search waited.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Characters of the file the parser takes per turn. */
const TURN_CHARS = 32 * 1024;
/** Rows compared per turn. */
const TURN_ROWS = 500;

/**
 * Parsed files by their text's SHA-256: the apply sends the file its dry run read, and reading it
 * again cost as much as comparing it. Parsing depends on the text alone, so a file
 * found here is the same rows; what is stored is always read again. A few files, a few minutes.
 */
const parsedFiles = new Map<string, { rows: FileRow[]; at: number }>();
const PARSED_FILES_KEPT = 4;
const PARSED_FILE_MS = 10 * 60_000;

/** The file's data rows under a header that names PRICE_CSV_HEADERS in order; else 400 (or 413). */
async function readPriceFile(csv: string): Promise<FileRow[]> {
  const digest = createHash('sha256').update(csv).digest('hex');
  const now = Date.now();
  for (const [key, entry] of parsedFiles) if (now - entry.at > PARSED_FILE_MS) parsedFiles.delete(key);
  const known = parsedFiles.get(digest);
  if (known) return known.rows;
  const rows = await parsePriceFile(csv);
  parsedFiles.set(digest, { rows, at: now });
  for (const key of parsedFiles.keys()) {
    if (parsedFiles.size <= PARSED_FILES_KEPT) break;
    parsedFiles.delete(key);
  }
  return rows;
}

async function parsePriceFile(csv: string): Promise<FileRow[]> {
  const records: Array<{ record: string[]; info: { lines: number } }> = [];
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(csv.replace(/^\uFEFF/, '')),
    relax_column_count: true,
    skip_empty_lines: true,
    // A quote inside a cell that does not start with one is the character itself: an inch mark
    // ('Tubo 5"') pasted from a spreadsheet is a name, not a broken file.
    relax_quotes: true,
    // A row is six short cells: one longer than this is not a price list (and is refused where
    // it is, without reading on).
    max_record_size: 16 * 1024,
    info: true,
    // One more than allowed tells that there are too many, without reading the rest.
    to: PRICE_IMPORT_MAX_ROWS + 2,
  });
  parser.on('data', (record: { record: string[]; info: { lines: number } }) => records.push(record));
  // The parser's failure is taken when it happens, not when the writing is done: a rejection left
  // without a handler across the turns below ended the process (an inch mark in a cell did it).
  let failure: unknown = null;
  const done = new Promise<void>((resolve) => {
    parser.once('end', resolve);
    parser.once('close', resolve);
    parser.once('error', (error) => {
      failure = error;
      resolve();
    });
  });
  for (let at = 0; at < csv.length && failure === null && !parser.destroyed && !parser.writableEnded;) {
    let end = Math.min(at + TURN_CHARS, csv.length);
    // Never between the two halves of a character outside the BMP.
    const last = csv.charCodeAt(end - 1);
    if (end < csv.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parser.write(csv.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (failure === null && !parser.writableEnded) parser.end();
  await done;
  if (failure !== null) {
    if (!(failure instanceof CsvError)) throw failure;
    const line = (failure as CsvError & { lines?: unknown }).lines;
    throw fail(
      typeof line === 'number' && line > 0
        ? ERRORS.consolePriceImportBadCsvAt(line)
        : ERRORS.CONSOLE_PRICE_IMPORT_BAD_CSV,
    );
  }
  const [header, ...rows] = records;
  const named = (header?.record ?? []).map((cell) => placeKey(cell));
  while (named.length > COLUMNS && named.at(-1) === '') named.pop();
  if (named.length !== COLUMNS || named.some((cell, index) => cell !== FOLDED_HEADERS[index]))
    throw fail(ERRORS.consolePriceImportBadHeader(PRICE_CSV_HEADERS));
  if (rows.length > PRICE_IMPORT_MAX_ROWS)
    throw fail(ERRORS.consolePriceImportTooManyRows(PRICE_IMPORT_MAX_ROWS));
  if (rows.length === 0) throw fail(ERRORS.CONSOLE_PRICE_IMPORT_NO_ROWS);
  return rows.map(({ record, info }) => ({ line: info.lines, cells: record }));
}

/** What a refused row says back: its first cells, each cut to 100 characters. */
const shownCells = (cells: readonly string[]) =>
  cells.slice(0, COLUMNS + 2).map((cell) => cell.slice(0, 100));

type Amount = { value: number } | { problem: 'missing' | 'bad' | 'negative' | 'too_high' };

/** A whole, non-negative amount written as plain digits ('9990'); anything else is a problem. */
function amountOf(cell: string): Amount {
  const text = cell.trim();
  if (text === '') return { problem: 'missing' };
  if (/^-\d+$/.test(text)) return { problem: 'negative' };
  if (!/^\d{1,12}$/.test(text)) return { problem: 'bad' };
  const value = Number(text);
  return value > PRICE_MAX ? { problem: 'too_high' } : { value };
}

const PRICE_PROBLEMS: Record<'missing' | 'bad' | 'negative' | 'too_high', PriceRowRefusal> = {
  missing: 'missing_price',
  bad: 'bad_price',
  negative: 'negative_price',
  too_high: 'price_too_high',
};
const PROMOTION_PROBLEMS: Record<'missing' | 'bad' | 'negative' | 'too_high', PriceRowRefusal> = {
  missing: 'bad_promotion',
  bad: 'bad_promotion',
  negative: 'negative_promotion',
  too_high: 'price_too_high',
};

/**
 * A price's key: item, source and commune, NUL-separated (\u0001 for none). A stored text never
 * holds a NUL (PostgreSQL refuses it), so a cell with one never matches a stored price.
 */
const keyOf = (itemId: number, source: string | null, commune: string | null) =>
  `${itemId}\u0000${source ?? '\u0001'}\u0000${commune ?? '\u0001'}`;

/** What is stored and known, read in the transaction that compares (and maybe writes). */
interface PriceState {
  items: ReadonlyMap<number, string>;
  sources: ReadonlySet<string>;
  stored: ReadonlyMap<string, PriceRow & { itemName: string }>;
}

async function readState(db: Db, country: CountryCode): Promise<PriceState> {
  const items = await db
    .select({ id: catalogueItems.id, name: catalogueItems.name })
    .from(catalogueItems)
    .where(eq(catalogueItems.country, country));
  const stored = new Map<string, PriceRow & { itemName: string }>();
  for (const row of await countryOverrides(db, country))
    stored.set(keyOf(row.itemId, row.salesSource, row.commune), row);
  return {
    items: new Map(items.map((item) => [item.id, item.name])),
    sources: new Set(await knownSalesSources(db)),
    stored,
  };
}

interface CheckedRow {
  line: number;
  key: string;
  itemId: number;
  itemName: string;
  source: string | null;
  commune: string | null;
  price: number;
  promotionPrice: number | null;
}

/** The diff and, beside it, the stored rows' ids the apply writes by. */
interface ComputedDiff {
  diff: ConsolePriceDiff;
  inserts: CheckedRow[];
  updates: Array<CheckedRow & { id: number }>;
  deletes: number[];
}

/** Checks every row and compares the good ones with what is stored. */
async function computeDiff(
  body: ConsolePriceImportBody,
  rows: readonly FileRow[],
  state: PriceState,
): Promise<ComputedDiff> {
  const covers = body.covers_source ?? null;
  const refused: ConsolePriceDiff['refused'] = [];
  const refuse = (row: FileRow, reason: PriceRowRefusal) =>
    refused.push({
      line: row.line,
      reason,
      message: PRICE_ROW_REFUSALS[reason],
      cells: shownCells(row.cells),
    });
  // Every key a row names, refused or not: a source-wide import never removes a price its file names.
  const named = new Set<string>();
  const checked: Array<{ row: FileRow; checked: CheckedRow }> = [];
  let turn = 0;
  for (const row of rows) {
    if (++turn % TURN_ROWS === 0) await nextTurn();
    const cells = row.cells.map((cell) => cell.trim());
    while (cells.length > COLUMNS && cells.at(-1) === '') cells.pop();
    const [idText = '', , sourceText = '', communeText = '', priceText = '', promotionText = ''] = cells;
    const itemId = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
    const source = sourceText === '' ? null : sourceText.toLowerCase();
    const commune = communeText === '' ? null : canonicalCommune(body.country, communeText);
    if (itemId !== null)
      named.add(keyOf(itemId, source, communeText === '' ? null : (commune ?? communeText)));
    if (cells.length !== COLUMNS) {
      refuse(row, 'wrong_columns');
      continue;
    }
    if (itemId === null) {
      refuse(row, 'bad_item_id');
      continue;
    }
    const itemName = state.items.get(itemId);
    if (itemName === undefined) {
      refuse(row, 'unknown_item');
      continue;
    }
    if (source !== null && !state.sources.has(source)) {
      refuse(row, 'unknown_source');
      continue;
    }
    if (covers !== null && source !== covers) {
      refuse(row, 'other_source');
      continue;
    }
    if (communeText !== '' && commune === null) {
      refuse(row, 'unknown_commune');
      continue;
    }
    if (source === null && commune === null) {
      refuse(row, 'no_source_nor_commune');
      continue;
    }
    const price = amountOf(priceText);
    if ('problem' in price) {
      refuse(row, PRICE_PROBLEMS[price.problem]);
      continue;
    }
    const promotion = promotionText === '' ? null : amountOf(promotionText);
    if (promotion && 'problem' in promotion) {
      refuse(row, PROMOTION_PROBLEMS[promotion.problem]);
      continue;
    }
    if (promotion && promotion.value >= price.value) {
      refuse(row, 'promotion_not_lower');
      continue;
    }
    checked.push({
      row,
      checked: {
        line: row.line,
        key: keyOf(itemId, source, commune),
        itemId,
        itemName,
        source,
        commune,
        price: price.value,
        promotionPrice: promotion ? promotion.value : null,
      },
    });
  }
  // A key written twice is refused on every line: which of them was meant is not for us to guess.
  const times = new Map<string, number>();
  for (const { checked: row } of checked) times.set(row.key, (times.get(row.key) ?? 0) + 1);
  const good: CheckedRow[] = [];
  for (const entry of checked) {
    if ((times.get(entry.checked.key) ?? 0) > 1) refuse(entry.row, 'duplicate');
    else good.push(entry.checked);
  }
  refused.sort((a, b) => a.line - b.line);

  const keyFields = (row: CheckedRow) => ({
    item_id: row.itemId,
    item_name: row.itemName,
    sales_source: row.source,
    commune: row.commune,
  });
  const inserts: CheckedRow[] = [];
  const updates: ComputedDiff['updates'] = [];
  const diff: ConsolePriceDiff = {
    country: body.country,
    covers_source: covers,
    rows: rows.length,
    unchanged: 0,
    added: [],
    changed: [],
    removed: [],
    refused,
    diff_hash: '',
  };
  const kept = new Set<string>();
  for (const row of good) {
    if (++turn % TURN_ROWS === 0) await nextTurn();
    kept.add(row.key);
    const stored = state.stored.get(row.key);
    const next = { price: row.price, promotion_price: row.promotionPrice };
    if (!stored) {
      inserts.push(row);
      diff.added.push({ line: row.line, ...keyFields(row), new: next });
    } else if (stored.price !== row.price || stored.promotionPrice !== row.promotionPrice) {
      updates.push({ ...row, id: stored.id });
      diff.changed.push({
        line: row.line,
        ...keyFields(row),
        old: { price: stored.price, promotion_price: stored.promotionPrice },
        new: next,
      });
    } else diff.unchanged += 1;
  }
  const deletes: number[] = [];
  if (covers !== null) {
    const gone = [...state.stored]
      .filter(([key, stored]) => stored.salesSource === covers && !kept.has(key) && !named.has(key))
      .map(([, stored]) => stored)
      .sort(exportOrder);
    for (const stored of gone) {
      deletes.push(stored.id);
      diff.removed.push({
        item_id: stored.itemId,
        item_name: stored.itemName,
        sales_source: stored.salesSource,
        commune: stored.commune,
        old: { price: stored.price, promotion_price: stored.promotionPrice },
      });
    }
  }
  return { diff, inserts, updates, deletes };
}

/** Entries of the diff's lists serialized per turn. */
const TURN_ENTRIES = 500;

/**
 * The diff as JSON text (without its hash) and the SHA-256 of that text, which is the diff's
 * hash: built list by list in turns, as the thousands of entries of a large file would otherwise
 * hold the event loop twice (once to hash, once to answer).
 */
async function diffText(diff: ConsolePriceDiff): Promise<{ text: string; hash: string }> {
  const hash = createHash('sha256');
  const parts: string[] = [];
  const add = (part: string) => {
    parts.push(part);
    hash.update(part);
  };
  add(
    `{"country":${JSON.stringify(diff.country)},"covers_source":${JSON.stringify(diff.covers_source)},"rows":${diff.rows},"unchanged":${diff.unchanged}`,
  );
  for (const list of ['added', 'changed', 'removed', 'refused'] as const) {
    const entries: readonly unknown[] = diff[list];
    add(`,"${list}":[`);
    for (let at = 0; at < entries.length; at += TURN_ENTRIES) {
      if (at > 0) {
        await nextTurn();
        add(',');
      }
      add(
        entries
          .slice(at, at + TURN_ENTRIES)
          .map((entry) => JSON.stringify(entry))
          .join(','),
      );
    }
    add(']');
  }
  add('}');
  return { text: parts.join(''), hash: hash.digest('hex') };
}

/**
 * POST /console/prices/import: the dry run, which writes nothing. Answers the diff (a
 * ConsolePriceDiff) as JSON text, serialized in turns with its hash.
 */
export async function dryRunPriceImport(db: Db, body: ConsolePriceImportBody): Promise<string> {
  const rows = await readPriceFile(body.csv);
  if (body.covers_source && !(await knownSalesSources(db)).includes(body.covers_source))
    throw fail(ERRORS.CONSOLE_PRICE_UNKNOWN_SOURCE);
  const { diff } = await computeDiff(body, rows, await readState(db, body.country));
  const { text, hash } = await diffText(diff);
  return `${text.slice(0, -1)},"diff_hash":"${hash}"}`;
}

/** A list of integers (or nulls) as one array parameter: thousands of rows in one statement. */
const intArray = (values: ReadonlyArray<number | null>) =>
  sql`${`{${values.map((v) => v ?? 'NULL').join(',')}}`}::int[]`;
/** A list of texts (or nulls) as one array parameter, each quoted as a PostgreSQL array element. */
const textArray = (values: ReadonlyArray<string | null>) =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`}::text[]`;

/**
 * POST /console/prices/import/apply: the same file again with the dry run's hash; in one
 * transaction under the prices' lock, the diff is computed again and written only when its hash
 * is the one the operator saw (else 409 and nothing written). Refused rows are left out.
 */
export async function applyPriceImport(
  db: Db,
  changes: ChangeBus,
  by: ConsoleOperator,
  body: ConsolePriceImportBody & { diff_hash: string },
): Promise<ConsolePriceApplyAnswer> {
  const rows = await readPriceFile(body.csv);
  const answer = await inTransaction(db, async (tx) => {
    await lockPrices(tx);
    const state = await readState(tx, body.country);
    if (body.covers_source && !state.sources.has(body.covers_source))
      throw fail(ERRORS.CONSOLE_PRICE_UNKNOWN_SOURCE);
    const { diff, inserts, updates, deletes } = await computeDiff(body, rows, state);
    diff.diff_hash = (await diffText(diff)).hash;
    if (diff.diff_hash !== body.diff_hash) throw fail(ERRORS.CONSOLE_PRICE_IMPORT_STALE);
    // Each kind of write is one statement over array parameters: a few parameters to send and
    // one plan, where rows of bound values would be thousands of parameters to build and parse.
    if (inserts.length > 0)
      await tx.execute(
        sql`insert into item_prices (item_id, sales_source, commune, price, promotion_price)
            select * from unnest(${intArray(inserts.map((row) => row.itemId))},
              ${textArray(inserts.map((row) => row.source))}, ${textArray(inserts.map((row) => row.commune))},
              ${intArray(inserts.map((row) => row.price))}, ${intArray(inserts.map((row) => row.promotionPrice))})`,
      );
    if (updates.length > 0)
      await tx.execute(
        sql`update item_prices as p set price = v.price, promotion_price = v.promotion_price
            from unnest(${intArray(updates.map((row) => row.id))}, ${intArray(updates.map((row) => row.price))},
              ${intArray(updates.map((row) => row.promotionPrice))}) as v(id, price, promotion_price)
            where p.id = v.id`,
      );
    if (deletes.length > 0)
      await tx.execute(sql`delete from item_prices where id = any(${intArray(deletes)})`);
    const compact = (entry: { item_id: number; sales_source: string | null; commune: string | null }) => [
      entry.item_id,
      entry.sales_source,
      entry.commune,
    ];
    await recordAudit(tx, {
      actor: consoleActor(by),
      operatorId: by.operatorId,
      action: 'prices.imported',
      entityType: 'price',
      entityId: body.covers_source ? `${body.country}:${body.covers_source}` : body.country,
      partnerId: null,
      before: {
        changed: diff.changed.map((entry) => [...compact(entry), entry.old.price, entry.old.promotion_price]),
        removed: diff.removed.map((entry) => [...compact(entry), entry.old.price, entry.old.promotion_price]),
      },
      after: {
        country: body.country,
        covers_source: diff.covers_source,
        diff_hash: diff.diff_hash,
        refused: diff.refused.length,
        added: diff.added.map((entry) => [...compact(entry), entry.new.price, entry.new.promotion_price]),
        changed: diff.changed.map((entry) => [...compact(entry), entry.new.price, entry.new.promotion_price]),
        removed: diff.removed.map(compact),
      },
    });
    return {
      added: diff.added.length,
      changed: diff.changed.length,
      removed: diff.removed.length,
      refused: diff.refused.length,
    };
  });
  await pricesChanged(changes);
  return answer;
}
