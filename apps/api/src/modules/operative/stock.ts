import * as ERRORS from '@visita/domain/contract/api-errors';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { findLimitedStock, takeItemStock } from './queries.ts';

/** 409 stockout (the widget's toast); the source's operative status reads inactive once none is left. */
const stockout = () => fail(ERRORS.STOCKOUT);

/** Units per catalogue id: one per occurrence (a vaccine for two patients is two doses). */
function unitsByItem(itemIds: readonly number[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const id of itemIds) units.set(id, (units.get(id) ?? 0) + 1);
  return units;
}

/**
 * Whether the stock this sales source takes from (its own count of an item, else the item's
 * shared one) covers these units now, without taking it: checked before charging a card.
 */
export async function assertStockAvailable(
  db: Db,
  itemIds: readonly number[],
  salesSource: string,
): Promise<void> {
  const units = unitsByItem(itemIds);
  for (const item of await findLimitedStock(db, [...units.keys()], salesSource)) {
    if (item.stock < (units.get(item.id) ?? 0)) throw stockout();
  }
}

/**
 * Takes the stock of every limited item for the appointment's sales source (its own count of an
 * item, else the shared one), in the caller's transaction, or throws stockout (the caller's
 * transaction rolls the rest back). Items are taken in id order so two confirmations that need
 * the same items lock them in the same order and never deadlock.
 */
export async function takeStock(db: Db, itemIds: readonly number[], salesSource: string): Promise<void> {
  const units = unitsByItem(itemIds);
  const limited = await findLimitedStock(db, [...units.keys()], salesSource);
  for (const item of limited.sort((a, b) => a.id - b.id)) {
    if (!(await takeItemStock(db, item.id, units.get(item.id) ?? 0, salesSource, item.own))) throw stockout();
  }
}
