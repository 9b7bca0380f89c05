import * as ERRORS from '@visita/domain/contract/api-errors';
import type { CountryCode } from '@visita/domain/locale';
import { type CouponStatus, normalizeCoupon } from '@visita/domain/validators/coupon';
import { and, eq } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { assertStorableText, isPlausibleCouponCode } from '../../text-guards.ts';
import { couponUses } from '../../db/schema.ts';
import {
  couponUsedByAnyOf,
  type CouponRow,
  findCoupon,
  findReferralCode,
  insertCouponPeople,
  insertCouponUse,
  takeCouponUse,
} from './queries.ts';

/** Where a coupon is being used: the widget's sales source, country and the cart's item ids. */
export interface CouponContext {
  source: string | null | undefined;
  country: CountryCode;
  /** Catalogue ids in the cart; ids that are not integers simply match no coupon item. */
  itemIds: readonly (number | string)[];
  /** The appointment's people (couponPeople), when known: a once-per-person coupon checks them. */
  people?: readonly string[];
}

/**
 * The people of a cart as a once-per-person coupon counts them: each patient's document, its type
 * and number folded (no dots, dashes or spaces, upper-cased), once each; patients without one
 * are not counted.
 */
export function couponPeople(
  patients: ReadonlyArray<{ document_type?: string | null; document_number?: string | null }>,
): string[] {
  const people = new Set<string>();
  for (const patient of patients) {
    const number = (patient.document_number ?? '').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
    if (number) people.add(`${(patient.document_type ?? '').trim().toLowerCase()}:${number}`);
  }
  return [...people];
}

/** The cart ids as numbers; anything else (a slug, a negative, a huge number) cannot match. */
function numericItemIds(ids: readonly (number | string)[]): number[] {
  const numbers: number[] = [];
  for (const id of ids) {
    const value = typeof id === 'number' ? id : /^\d{1,10}$/.test(id) ? Number(id) : NaN;
    if (Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647) numbers.push(value);
  }
  return numbers;
}

/** The cart items a coupon applies to: all of them, or only those it names. */
export function couponAppliesTo(coupon: Pick<CouponRow, 'itemIds'>, itemId: number): boolean {
  return !coupon.itemIds || coupon.itemIds.length === 0 || coupon.itemIds.includes(itemId);
}

/**
 * A coupon's status for a cart. In order:
 * - invalid: unknown or switched off; for other sales sources or another country than the coupon names;
 *   naming items, none of which is in the cart; or not valid yet (before valid_from).
 * - expired: past valid_until.
 * - already_used / no_uses: every use taken (uses_count >= max_uses). The validation carries no
 *   patient, so "already used" cannot mean "used by you": it is a single-use coupon (max_uses 1)
 *   whose one use is taken ('Este cupón ya fue utilizado', DESIGN's USADO), while a coupon of
 *   several uses that ran out is no_uses ('Este cupón ya no se puede utilizar', AGOTADO).
 * - valid otherwise.
 */
export function couponStatus(coupon: CouponRow | undefined, context: CouponContext, now: Date): CouponStatus {
  if (!coupon || !coupon.active) return 'invalid';
  if (coupon.salesSources && coupon.salesSources.length > 0) {
    if (!coupon.salesSources.includes((context.source ?? '').trim())) return 'invalid';
  }
  if (coupon.country && coupon.country !== context.country) return 'invalid';
  if (coupon.itemIds && coupon.itemIds.length > 0) {
    const inCart = numericItemIds(context.itemIds);
    if (!inCart.some((id) => couponAppliesTo(coupon, id))) return 'invalid';
  }
  if (coupon.validFrom && now < coupon.validFrom) return 'invalid';
  if (coupon.validUntil && now > coupon.validUntil) return 'expired';
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) {
    return coupon.maxUses === 1 ? 'already_used' : 'no_uses';
  }
  return 'valid';
}

/** GET /v2/coupons/validate/: one query. */
export async function validateCoupon(
  db: Db,
  code: string,
  context: CouponContext,
  now: Date = new Date(),
): Promise<CouponStatus> {
  const normalized = normalizeCoupon(code);
  // SQL, markup or stray characters cannot be a code: answer without asking the database.
  if (!isPlausibleCouponCode(normalized)) return 'invalid';
  return couponStatus(await findCoupon(db, normalized), context, now);
}

/**
 * The coupon an appointment is priced and charged with: the code, normalised, when it validates
 * for the appointment's source, country and cart now; null for none. Any other status is a 409
 * whose slug names it (coupon-expired, coupon-no-uses…) and whose text the widget shows, so the
 * price a person sees is never one the server will not charge.
 */
export async function couponForAppointment(
  db: Db,
  code: string | null | undefined,
  context: CouponContext,
  now: Date = new Date(),
): Promise<string | null> {
  const normalized = code ? normalizeCoupon(code) : '';
  if (normalized === '') return null;
  const coupon = isPlausibleCouponCode(normalized) ? await findCoupon(db, normalized) : undefined;
  let status = couponStatus(coupon, context, now);
  if (status === 'valid' && coupon?.oncePerPerson) {
    if (await couponUsedByAnyOf(db, normalized, context.people ?? [])) status = 'already_used';
  }
  if (status === 'valid') return normalized;
  throw fail(ERRORS.couponRefused(status));
}

/** GET /referrals/alliance/: the list whose first entry's code the widget auto-applies. */
export async function referralsForAlliance(db: Db, alliance: string): Promise<{ referral_code: string }[]> {
  assertStorableText(alliance, 'alliance');
  const code = await findReferralCode(db, alliance);
  return code ? [{ referral_code: code }] : [];
}

export type CouponUseResult = 'recorded' | 'already-recorded' | 'no-uses' | 'used-by-person' | 'invalid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class UseNotRecorded extends Error {
  constructor(readonly result: Exclude<CouponUseResult, 'recorded'>) {
    super(result);
  }
}

/**
 * Counts one use of a coupon for a confirmed appointment (the confirmation step calls this).
 * In one transaction: a conditional UPDATE takes a use only while uses_count < max_uses (so
 * concurrent confirmations never exceed the limit), then the coupon_uses insert, whose unique
 * appointment index makes a repeated confirmation roll the increment back: one use per
 * appointment. Validity dates are not re-checked: the patient booked with the discount quoted.
 *
 * 'recorded': counted now. 'already-recorded': this appointment already has a counted use (of
 * this coupon, or of another: one coupon per appointment), so nothing more is counted.
 * 'no-uses': none left. 'used-by-person': a once-per-person coupon one of `people` (couponPeople)
 * already used (nothing is counted). 'invalid': unknown or switched-off coupon.
 */
export async function recordCouponUse(
  db: Db,
  code: string,
  appointmentId: string,
  people: readonly string[] = [],
): Promise<CouponUseResult> {
  const normalized = normalizeCoupon(code);
  if (!UUID.test(appointmentId)) throw new TypeError('recordCouponUse: appointmentId must be a UUID');
  if (!isPlausibleCouponCode(normalized)) return 'invalid';
  try {
    await inTransaction(db, async (txDb) => {
      const taken = await takeCouponUse(txDb, normalized);
      if (!taken) throw new UseNotRecorded('no-uses');
      if (!(await insertCouponUse(txDb, normalized, appointmentId))) {
        throw new UseNotRecorded('already-recorded');
      }
      if (taken.oncePerPerson && !(await insertCouponPeople(txDb, normalized, people, appointmentId))) {
        throw new UseNotRecorded('used-by-person');
      }
    });
    return 'recorded';
  } catch (error) {
    if (!(error instanceof UseNotRecorded)) throw error;
    if (error.result === 'already-recorded' || error.result === 'used-by-person') return error.result;
    // Nothing was taken: say why, and keep a retried confirmation idempotent.
    const [previous] = await db
      .select({ code: couponUses.couponCode })
      .from(couponUses)
      .where(and(eq(couponUses.appointmentId, appointmentId), eq(couponUses.couponCode, normalized)))
      .limit(1);
    if (previous) return 'already-recorded';
    const coupon = await findCoupon(db, normalized);
    return !coupon || !coupon.active ? 'invalid' : 'no-uses';
  }
}
