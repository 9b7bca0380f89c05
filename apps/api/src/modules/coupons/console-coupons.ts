/**
 * The console's coupons (coupons.manage): the list, one coupon with its uses, creating and
 * editing one, and each sales source's referral code. Every write is one transaction with its
 * audit row. Quotes, finalisations and confirmations read a coupon from the database each time
 * (coupons/queries.ts), so a change here applies to the very next quote on every instance: no
 * snapshot holds coupons, and nothing needs to be told.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import {
  CONSOLE_COUPON_USES_SHOWN,
  type ConsoleCoupon,
  type ConsoleCouponDetail,
  type ConsoleCouponFields,
  type ConsoleCouponListAnswer,
  type ConsoleCouponListQuery,
  type ConsoleCouponOptions,
  type ConsoleCreateCouponBody,
  type ConsoleReferralCodesAnswer,
} from '@visita/domain/contract/console-coupons';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, clients, couponUses, coupons, referralCodes } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import { type AuditEntry, recordAudit } from '../audit/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import type { CouponRow } from './queries.ts';

const CONSOLE_COUPONS_SHOWN = 500;

/** A coupon as the console reads it. */
function consoleCouponOf(row: CouponRow): ConsoleCoupon {
  return {
    code: row.code,
    discount_percent: row.discountPercent,
    discount_amount: row.discountAmount,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    sales_sources: row.salesSources ?? [],
    country: row.country,
    item_ids: row.itemIds ?? [],
    max_uses: row.maxUses,
    uses_count: row.usesCount,
    once_per_person: row.oncePerPerson,
    active: row.active,
  };
}

/** GET /console/coupons: by code, those whose code contains `q` (any case). */
export async function listConsoleCoupons(
  db: Db,
  query: ConsoleCouponListQuery,
): Promise<ConsoleCouponListAnswer> {
  const q = query.q?.trim().toUpperCase();
  const rows = await db
    .select()
    .from(coupons)
    .where(q ? sql`strpos(${coupons.code}, ${q}) > 0` : undefined)
    .orderBy(asc(coupons.code))
    .limit(CONSOLE_COUPONS_SHOWN);
  return { results: rows.map(consoleCouponOf) };
}

/** The sales sources partners sell under, in order. */
async function knownSalesSources(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: clients.salesSource })
    .from(clients)
    .orderBy(asc(clients.salesSource));
  return rows.map((row) => row.source);
}

/** GET /console/coupons/options: what a coupon may name, the sales sources and active items. */
export async function consoleCouponOptions(
  db: Db,
  catalogue: CatalogueSnapshot,
): Promise<ConsoleCouponOptions> {
  const items = (['cl', 'mx'] as const).flatMap((country) =>
    catalogue.byCountry[country]
      .filter((row) => row.active)
      .map((row) => ({ id: row.id, name: row.name, country })),
  );
  return { sales_sources: await knownSalesSources(db), items };
}

async function findConsoleCoupon(db: Db, code: string): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  if (!row) throw fail(ERRORS.CONSOLE_COUPON_NOT_FOUND);
  return row;
}

/** GET /console/coupons/:code: the coupon and its newest uses, with each appointment as it is now. */
export async function consoleCouponDetail(db: Db, code: string): Promise<ConsoleCouponDetail> {
  const coupon = await findConsoleCoupon(db, code);
  const uses = await db
    .select({
      appointmentId: couponUses.appointmentId,
      usedAt: couponUses.usedAt,
      status: appointments.status,
      salesSource: appointments.salesSource,
      amounts: appointments.amounts,
    })
    .from(couponUses)
    .leftJoin(appointments, eq(appointments.id, couponUses.appointmentId))
    .where(eq(couponUses.couponCode, coupon.code))
    .orderBy(desc(couponUses.usedAt), desc(couponUses.appointmentId))
    .limit(CONSOLE_COUPON_USES_SHOWN);
  return {
    coupon: consoleCouponOf(coupon),
    uses: uses.map((use) => ({
      appointment_id: use.appointmentId,
      used_at: use.usedAt.toISOString(),
      status: use.status,
      sales_source: use.salesSource,
      discount: use.amounts?.discount ?? null,
    })),
  };
}

const listed = (values: readonly (string | number)[]) => {
  const shown = values.slice(0, 10).join(', ');
  return values.length > 10 ? `${shown} y ${values.length - 10} más` : shown;
};

/**
 * The fields as stored, once checked against what exists: the sales sources partners sell under,
 * active catalogue items (of the coupon's country when it names one), and a country for an
 * amount (its currency). 400 with the Spanish reason otherwise.
 */
async function checkedFields(db: Db, catalogue: CatalogueSnapshot, body: ConsoleCouponFields) {
  if (body.discount_amount !== null && body.country === null) {
    throw fail(ERRORS.CONSOLE_COUPON_AMOUNT_NEEDS_COUNTRY);
  }
  const sources = [...new Set(body.sales_sources.map((source) => source.trim()))];
  if (sources.length > 0) {
    const known = new Set(await knownSalesSources(db));
    const unknown = sources.filter((source) => !known.has(source));
    if (unknown.length > 0) throw fail(ERRORS.consoleCouponUnknownSources(listed(unknown)));
  }
  const itemIds = [...new Set(body.item_ids)];
  const unknownItems = itemIds.filter((id) => {
    const row = catalogue.byId.get(id);
    return !row || !row.active || (body.country !== null && row.country !== body.country);
  });
  if (unknownItems.length > 0) throw fail(ERRORS.consoleCouponUnknownItems(listed(unknownItems)));
  return {
    discountPercent: body.discount_percent,
    discountAmount: body.discount_amount,
    validFrom: body.valid_from === null ? null : new Date(body.valid_from),
    validUntil: body.valid_until === null ? null : new Date(body.valid_until),
    salesSources: sources.length > 0 ? sources : null,
    country: body.country,
    itemIds: itemIds.length > 0 ? itemIds : null,
    maxUses: body.max_uses,
    oncePerPerson: body.once_per_person,
    active: body.active,
  } satisfies Partial<typeof coupons.$inferInsert>;
}

function auditOf(
  code: string,
  by: ConsoleOperator,
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
): AuditEntry {
  return {
    actor: consoleActor(by),
    operatorId: by.operatorId,
    entityType: 'coupon',
    entityId: code,
    partnerId: null,
    ...entry,
  };
}

/** POST /console/coupons: a new coupon (409 when the code exists), audited as coupon.created. */
export async function createConsoleCoupon(
  db: Db,
  catalogue: CatalogueSnapshot,
  by: ConsoleOperator,
  body: ConsoleCreateCouponBody,
): Promise<ConsoleCoupon> {
  const fields = await checkedFields(db, catalogue, body);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({ code: body.code, ...fields })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row) throw fail(ERRORS.CONSOLE_COUPON_EXISTS);
    const after = consoleCouponOf(row);
    await recordAudit(tx, auditOf(row.code, by, { action: 'coupon.created', before: null, after }));
    return after;
  });
}

/**
 * PUT /console/coupons/:code: every field but the code and its uses (total uses never below the
 * uses taken); deactivating is `active: false`. Audited as coupon.updated, before and after.
 */
export async function updateConsoleCoupon(
  db: Db,
  catalogue: CatalogueSnapshot,
  by: ConsoleOperator,
  code: string,
  body: ConsoleCouponFields,
): Promise<ConsoleCoupon> {
  const fields = await checkedFields(db, catalogue, body);
  return inTransaction(db, async (tx) => {
    // Locked, so a confirmation counting a use waits, and the uses compared are the latest.
    const [current] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
    if (!current) throw fail(ERRORS.CONSOLE_COUPON_NOT_FOUND);
    if (fields.maxUses !== null && fields.maxUses < current.usesCount) {
      throw fail(ERRORS.consoleCouponMaxUsesBelowUses(current.usesCount));
    }
    const [row] = await tx.update(coupons).set(fields).where(eq(coupons.code, code)).returning();
    const before = consoleCouponOf(current);
    const after = consoleCouponOf(row ?? current);
    await recordAudit(tx, auditOf(code, by, { action: 'coupon.updated', before, after }));
    return after;
  });
}

/** GET /console/referral-codes: each sales source's referral code. */
export async function listReferralCodes(db: Db): Promise<ConsoleReferralCodesAnswer> {
  const rows = await db.select().from(referralCodes).orderBy(asc(referralCodes.salesSource));
  return {
    results: rows.map((row) => ({ sales_source: row.salesSource, referral_code: row.referralCode })),
  };
}

/**
 * PUT /console/referral-codes/:source: the code the widget applies on its own for the source (an
 * existing coupon's), or none (null). Audited as referral_code.updated.
 */
export async function setReferralCode(
  db: Db,
  by: ConsoleOperator,
  source: string,
  code: string | null,
): Promise<{ sales_source: string; referral_code: string | null }> {
  if (!(await knownSalesSources(db)).includes(source)) {
    throw fail(ERRORS.consoleCouponUnknownSources(listed([source])));
  }
  return inTransaction(db, async (tx) => {
    if (code !== null) {
      const [coupon] = await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code));
      if (!coupon) throw fail(ERRORS.CONSOLE_REFERRAL_UNKNOWN_COUPON);
    }
    const [before] = await tx
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.salesSource, source))
      .for('update');
    if (code === null) {
      await tx.delete(referralCodes).where(eq(referralCodes.salesSource, source));
    } else {
      await tx
        .insert(referralCodes)
        .values({ salesSource: source, referralCode: code })
        .onConflictDoUpdate({ target: referralCodes.salesSource, set: { referralCode: code } });
    }
    await recordAudit(tx, {
      actor: consoleActor(by),
      operatorId: by.operatorId,
      action: 'referral_code.updated',
      entityType: 'referral_code',
      entityId: source,
      partnerId: null,
      before: { referral_code: before?.referralCode ?? null },
      after: { referral_code: code },
    });
    return { sales_source: source, referral_code: code };
  });
}
