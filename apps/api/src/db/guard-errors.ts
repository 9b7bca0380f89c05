/**
 * The refusals the database's guards raise on purpose (migration 0024), as the API answers them:
 * whichever path ran into one (a finalize under a frozen quote, a confirmation that does not
 * prove its money, a nurse without a skill of the cart), it is the same 409 in Spanish.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import type { ApiErrorEntry } from '@visita/domain/contract/api-errors';
import { AppError, fail } from '../errors.ts';
import { sqlStateOf } from './database.ts';

const GUARDS: Readonly<Record<string, ApiErrorEntry>> = {
  VM001: ERRORS.CART_FROZEN,
  VM002: ERRORS.QUOTE_MISMATCH,
  VS001: ERRORS.NURSE_LACKS_SKILL,
  VS002: ERRORS.NURSE_OFF,
  // The roster guard (migration 0020): a change that would leave a visit without its nurse.
  VR001: ERRORS.CONSOLE_NURSE_VISITS_AFFECTED,
};

/** The refusal a guard's error means, or undefined for any other error. */
export function guardRefusal(error: unknown): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const state = sqlStateOf(error);
  const entry = state ? GUARDS[state] : undefined;
  return entry ? fail(entry) : undefined;
}

/** Runs `work`, answering a guard's error as its refusal (so a caller that refunds on refusals does). */
export async function withGuards<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw guardRefusal(error) ?? error;
  }
}
