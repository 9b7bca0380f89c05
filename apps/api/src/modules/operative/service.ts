import type { OperativeStatusAnswer } from '@visita/domain/contract/operative';
import type { Db } from '../../db/database.ts';
import { assertStorableText } from '../../text-guards.ts';
import { findOperativeStatus, type OperativeRow } from './queries.ts';

/** The product's slug for a source whose stock ran out (the widget shows 'Se acabó el stock.'). */
const STOCKOUT_REASON = 'stockout';
/** Reason for a source switched off by hand without one of its own. */
const INACTIVE_REASON = 'inactive';

/**
 * A source is operative unless an operator switched it off (their reason, else 'inactive') or its
 * stock item has none left ('stockout'). A source with no row is operative: the switch is opt-in.
 */
function operativeStatusOf(row: OperativeRow | undefined): OperativeStatusAnswer {
  if (!row) return { active: true, reason: null };
  if (!row.active) return { active: false, reason: row.reason ?? INACTIVE_REASON };
  if (row.stockItemId !== null && row.stock !== null && row.stock <= 0) {
    return { active: false, reason: STOCKOUT_REASON };
  }
  return { active: true, reason: null };
}

export async function getOperativeStatus(db: Db, salesSource: string): Promise<OperativeStatusAnswer> {
  assertStorableText(salesSource, 'salesSource');
  return operativeStatusOf(await findOperativeStatus(db, salesSource.trim()));
}
