import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { couponUsePeople, couponUses, coupons, referralCodes } from '../../db/schema.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type NewReferralCodeRow = typeof referralCodes.$inferInsert;

function prepareFindCoupon(db: Db) {
  return db
    .select()
    .from(coupons)
    .where(eq(coupons.code, sql.placeholder('code')))
    .limit(1)
    .prepare('coupons_find');
}

const preparedFindCoupon = perDatabase(prepareFindCoupon);

/** A prepared statement: every quote with a coupon and every validation runs it. */
export async function findCoupon(db: Db, code: string): Promise<CouponRow | undefined> {
  const prepared = preparedFindCoupon(db);
  const [row] = await prepared.execute({ code });
  return row;
}

export async function findReferralCode(db: Db, salesSource: string): Promise<string | undefined> {
  const [row] = await db
    .select({ referralCode: referralCodes.referralCode })
    .from(referralCodes)
    .where(eq(referralCodes.salesSource, salesSource))
    .limit(1);
  return row?.referralCode;
}

/** Inserts coupons that do not exist yet; existing ones keep their counts and an operator's edits. */
export async function insertCouponsIfMissing(db: Db, rows: NewCouponRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(coupons).values(rows).onConflictDoNothing({ target: coupons.code });
}

export async function insertReferralCodesIfMissing(db: Db, rows: NewReferralCodeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(referralCodes).values(rows).onConflictDoNothing({ target: referralCodes.salesSource });
}

/** Records the appointment's use; false when that appointment already has one (the unique index). */
export async function insertCouponUse(db: Db, code: string, appointmentId: string): Promise<boolean> {
  const inserted = await db
    .insert(couponUses)
    .values({ couponCode: code, appointmentId })
    .onConflictDoNothing({ target: couponUses.appointmentId })
    .returning({ appointmentId: couponUses.appointmentId });
  return inserted.length > 0;
}

/**
 * Takes one use if one is left, in a single conditional UPDATE: under concurrent confirmations
 * PostgreSQL re-checks the WHERE on the locked row, so uses_count can never pass max_uses.
 */
export async function takeCouponUse(db: Db, code: string): Promise<{ oncePerPerson: boolean } | undefined> {
  const [updated] = await db
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.active, true),
        or(isNull(coupons.maxUses), lt(coupons.usesCount, coupons.maxUses)),
      ),
    )
    .returning({ oncePerPerson: coupons.oncePerPerson });
  return updated;
}

/**
 * Records that these people used a once-per-person coupon on the appointment; false when one of
 * them already had (the primary key (coupon, person) decides, even between concurrent calls).
 */
export async function insertCouponPeople(
  db: Db,
  code: string,
  people: readonly string[],
  appointmentId: string,
): Promise<boolean> {
  if (people.length === 0) return true;
  const inserted = await db
    .insert(couponUsePeople)
    .values(people.map((person) => ({ couponCode: code, person, appointmentId })))
    .onConflictDoNothing()
    .returning({ person: couponUsePeople.person });
  return inserted.length === people.length;
}

/** Whether any of these people already used the coupon. */
export async function couponUsedByAnyOf(db: Db, code: string, people: readonly string[]): Promise<boolean> {
  if (people.length === 0) return false;
  const [row] = await db
    .select({ person: couponUsePeople.person })
    .from(couponUsePeople)
    .where(and(eq(couponUsePeople.couponCode, code), inArray(couponUsePeople.person, [...people])))
    .limit(1);
  return row !== undefined;
}
