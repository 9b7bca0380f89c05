import { badRequest } from '../../errors.ts';

/**
 * Control characters (NUL among them) and lone UTF-16 surrogates: PostgreSQL refuses them with an
 * error, so text that reaches a query must not carry them, or a typo becomes a 500.
 */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** A 400 naming the field when free text that goes into a query could not be stored. */
export function assertStorableText(value: string | null | undefined, field: string): void {
  if (value && !isStorableText(value)) {
    throw badRequest('invalid-request', `${field}: contiene caracteres no permitidos.`);
  }
}

/** Coupon codes are letters, digits, dashes and underscores; anything else cannot be one. */
const COUPON_CODE = /^[\p{L}\p{N}_-]{1,100}$/u;

export function isPlausibleCouponCode(code: string): boolean {
  return COUPON_CODE.test(code);
}
