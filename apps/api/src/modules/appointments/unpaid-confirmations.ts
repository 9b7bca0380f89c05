import * as ERRORS from '@visita/domain/contract/api-errors';
import type { Db } from '../../db/database.ts';
import type { FrozenQuote } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { countUnpaidConfirmationsFrom } from '../scheduling/queries.ts';
import type { AppointmentRow } from './queries.ts';

const DAY_MS = 86_400_000;

/** UNPAID_CONFIRMATIONS_PER_*_PER_DAY; 0 or absent turns a bound off. */
export interface UnpaidConfirmationLimits {
  perBrowser?: number;
  perAddress?: number;
}

/**
 * A visit confirmed by hand with nothing paid online and nothing billed to a company is free to
 * whoever confirms it, and permanent: one caller could otherwise fill a sector's days with them
 * (docs/decisions/free-confirmations.md). Counted by who held the block (its address and browser
 * key), over the last 24 hours; staff holds (no holder) are not counted.
 */
export async function assertUnpaidConfirmationAllowed(
  tx: Db,
  row: AppointmentRow,
  quote: FrozenQuote,
  limits: UnpaidConfirmationLimits,
  now: Date,
): Promise<void> {
  if (row.heldFrom === null || quote.due.online > 0 || quote.due.company > 0) return;
  if (!limits.perBrowser && !limits.perAddress) return;
  const confirmed = await countUnpaidConfirmationsFrom(tx, {
    heldFrom: row.heldFrom,
    heldBy: row.heldBy ?? '',
    since: new Date(now.getTime() - DAY_MS),
  });
  if (
    (limits.perBrowser && confirmed.browser >= limits.perBrowser) ||
    (limits.perAddress && confirmed.address >= limits.perAddress)
  )
    throw fail(ERRORS.TOO_MANY_UNPAID_CONFIRMATIONS);
}
