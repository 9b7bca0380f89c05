import * as ERRORS from '@visita/domain/contract/api-errors';
import { isStorableText } from '@visita/domain/contract/safe-text';
import { fail } from './errors.ts';

/** Text checks the services make beyond the contract's (see @visita/domain/contract/safe-text). */

/** A 400 naming the field when free text that goes into a query could not be stored. */
export function assertStorableText(value: string | null | undefined, field: string): void {
  if (value && !isStorableText(value)) {
    throw fail(ERRORS.invalidCharacters(field));
  }
}

/** Coupon codes are letters, digits, dashes and underscores; anything else cannot be one. */
const COUPON_CODE = /^[\p{L}\p{N}_-]{1,100}$/u;

export function isPlausibleCouponCode(code: string): boolean {
  return COUPON_CODE.test(code);
}
