import * as ERRORS from '@visita/domain/contract/api-errors';
import { type CartPriceAnswer, type CartPriceBody, ZERO_CART_PRICE } from '@visita/domain/contract/pricing';
import { itemPrice, itemServiceFee } from '@visita/domain/cart';
import { type CartItem, isSubitem, itemShare } from '@visita/domain/cart-item';
import { type Insurance, pricedInsurance } from '@visita/domain/insurance';
import { countryName } from '@visita/domain/locale';
import { applyPercentageDiscount } from '@visita/domain/money';
import { normalizeCoupon } from '@visita/domain/validators/coupon';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import {
  type CatalogueSnapshot,
  type ResolvedPrice,
  resolvePrice,
  salesSourceRules,
} from '../catalogue/snapshot.ts';
import { findCoupon } from '../coupons/queries.ts';
import { couponAppliesTo, couponStatus } from '../coupons/service.ts';
import { assertStorableText, isPlausibleCouponCode } from '../../text-guards.ts';

/** Distinct catalogue ids one quote may name: far above any real home visit, far below abuse. */
const MAX_QUOTE_ITEMS = 200;
const MAX_INT4 = 2_147_483_647;

/** One patient of a quote with the catalogue entries it holds, priced for the context. */
export interface QuotePatient {
  insurance: Insurance;
  items: readonly CartItem[];
}

/** A coupon's discount: a percentage, or an amount (whole units of the currency), never both. */
export interface QuoteCoupon {
  discountPercent: number | null;
  discountAmount?: number | null;
  appliesTo(itemId: number): boolean;
}

/** What a coupon takes off E, the payable sum of the items it applies to: never more than E. */
function couponDiscount(coupon: QuoteCoupon | null, couponBase: number): number {
  if (!coupon) return 0;
  if (coupon.discountAmount && coupon.discountAmount > 0) {
    return Math.max(0, Math.min(Math.floor(coupon.discountAmount), Math.floor(couponBase)));
  }
  const percent = Math.min(100, Math.max(0, coupon.discountPercent ?? 0));
  return percent > 0 ? Math.floor(round2(couponBase - applyPercentageDiscount(couponBase, percent))) : 0;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The price quote (POST /v2/cart-price/), with the domain's money rules. Per patient p with
 * insurance ins(p), over the items C(p) it is charged for (sub-items, the ones another item of
 * the same patient includes, are left out), each with share s(i) (1, or 1/N for a familiar item
 * over N patients):
 *
 *   particular(i) = itemPrice(i, 'particular')  promotion price when on promotion, else price
 *   payable(p,i)  = the fonasa copay (fonasa_copayment, else fonasa_price) when ins(p) is fonasa
 *                   and i allows fonasa (tiers B, C, D pay the copay), else particular(i)
 *   base_price      = Σ particular(i)·s(i)
 *   fonasa_discount = Σ max(0, particular(i) − payable(p,i))·s(i)          the "bono Fonasa"
 *   service_fee     = max itemServiceFee(i, ins(p)) over every charged item of every patient:
 *                     one home visit per appointment, so the visit fee is charged once, the
 *                     highest one that applies (fonasa_service_fee for fonasa-priced items)
 *   discount        = ⌊E − applyPercentageDiscount(E, %)⌋ with E = Σ payable(p,i)·s(i) over the
 *                     items the coupon applies to (all, or the ones it names); never on the fee.
 *                     An amount coupon takes min(amount, ⌊E⌋) instead
 *   net_price       = base_price − fonasa_discount − discount + service_fee
 *   payment_at_home = base_price − fonasa_discount − discount for a source whose partners pay the
 *                     exams at the address (profile rule exams_paid_at_home), else 0; the
 *                     amount paid online is then net_price − payment_at_home (the service fee)
 *
 * Sums are rounded to cents to absorb the 1/N shares' float noise.
 */
export function computeCartPrice(
  patients: readonly QuotePatient[],
  coupon: QuoteCoupon | null,
  examsPaidAtHome: boolean,
): CartPriceAnswer {
  let base = 0;
  let fonasa = 0;
  let fee = 0;
  let couponBase = 0;
  for (const patient of patients) {
    for (const item of patient.items) {
      if (isSubitem(item, patient.items)) continue;
      const share = itemShare(item);
      const particular = itemPrice(item, 'particular');
      const payable = itemPrice(item, patient.insurance);
      base += particular * share;
      fonasa += (particular - payable) * share;
      fee = Math.max(fee, itemServiceFee(item, patient.insurance));
      if (coupon && coupon.appliesTo(Number(item.id))) couponBase += payable * share;
    }
  }
  base = round2(base);
  fonasa = round2(fonasa);
  couponBase = round2(couponBase);
  const discount = couponDiscount(coupon, couponBase);
  const exams = Math.max(0, round2(base - fonasa - discount));
  return {
    base_price: base,
    service_fee: fee,
    discount,
    net_price: round2(exams + fee),
    fonasa_discount: fonasa,
    payment_at_home: examsPaidAtHome ? exams : 0,
  };
}

/** A wire id as a catalogue id: a positive int4, given as a number or a string of digits. */
function catalogueId(id: number | string): number | null {
  const value = typeof id === 'number' ? id : /^\d{1,10}$/.test(id.trim()) ? Number(id.trim()) : NaN;
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_INT4 ? value : null;
}

/** An id as an error message may show it: no markup, no control characters, short. */
function shownId(id: number | string): string {
  const text = String(id)
    .replace(/[^\p{L}\p{N}_.-]/gu, '')
    .slice(0, 20);
  return text || '?';
}

function unknownItems(ids: readonly (number | string)[], country: CartPriceBody['country']) {
  const shown = [...new Set(ids.map(shownId))];
  const list = shown.slice(0, 10).join(', ') + (shown.length > 10 ? ` y ${shown.length - 10} más` : '');
  return fail(ERRORS.unknownItems(countryName(country), list));
}

type ItemRow = NonNullable<ReturnType<CatalogueSnapshot['byId']['get']>>;

/** A catalogue row at its resolved price, as the domain's cart rules read an item. */
function toCartItem(
  snapshot: CatalogueSnapshot,
  row: ItemRow,
  price: ResolvedPrice & { price: number },
): CartItem {
  return {
    id: row.id,
    name: row.name,
    resourcetype: row.resourcetype,
    type: row.resourcetype ? row.resourcetype.toLowerCase() : 'pack',
    price: price.price,
    is_promotion: price.override ? price.promotionPrice !== null : row.isPromotion,
    promotion_price: price.promotionPrice,
    allows_fonasa: row.allowsFonasa,
    fonasa_price: row.fonasaPrice,
    fonasa_copayment: row.fonasaCopayment,
    service_fee: row.serviceFee,
    fonasa_service_fee: row.fonasaServiceFee,
    is_familiar: row.isFamiliar,
    number_of_patients: row.numberOfPatients,
    items: (snapshot.subItems.get(row.id) ?? []).map(({ id }) => ({ id })),
  };
}

/**
 * Quotes a cart: patients without items are left out; ids that are not an active, priced item of
 * the country are a 400 naming them. Items and prices come from the catalogue snapshot; the only
 * query is the coupon's, when one is sent (its uses change with every confirmation).
 */
export async function quoteCartPrice(
  db: Db,
  catalogue: CatalogueSnapshot,
  body: CartPriceBody,
  now: Date = new Date(),
): Promise<CartPriceAnswer> {
  assertStorableText(body.locality, 'locality');
  assertStorableText(body.source, 'source');
  const source = body.source?.trim() || null;
  const patients = body.patients
    .map((patient) => ({
      isFonasa: patient.is_fonasa,
      tier: patient.fonasa_tier ?? null,
      ids: [...patient.items, ...patient.packs],
    }))
    .filter((patient) => patient.ids.length > 0);
  if (patients.length === 0) return ZERO_CART_PRICE;

  const malformed: (number | string)[] = [];
  const ids = new Set<number>();
  const parsed = patients.map((patient) => {
    const own = new Set<number>();
    for (const raw of patient.ids) {
      const id = catalogueId(raw);
      if (id === null) {
        malformed.push(raw);
      } else {
        own.add(id);
        ids.add(id);
      }
    }
    return { isFonasa: patient.isFonasa, tier: patient.tier, ids: [...own] };
  });
  if (ids.size > MAX_QUOTE_ITEMS) {
    throw fail(ERRORS.tooManyItems(MAX_QUOTE_ITEMS));
  }

  const allIds = [...ids];
  const couponCode = body.coupon_code ? normalizeCoupon(body.coupon_code) : '';
  // A code that cannot be one (SQL, markup) is simply no coupon: the quote still answers.
  const couponRow = isPlausibleCouponCode(couponCode) ? await findCoupon(db, couponCode) : undefined;

  const items = new Map<number, CartItem>();
  for (const id of allIds) {
    const row = catalogue.byId.get(id);
    if (!row || row.country !== body.country || !row.active) continue;
    const resolved = resolvePrice(catalogue, row, { salesSource: source, commune: body.locality });
    if (resolved.price !== null)
      items.set(id, toCartItem(catalogue, row, { ...resolved, price: resolved.price }));
  }
  const missing = [...malformed, ...allIds.filter((id) => !items.has(id))];
  if (missing.length > 0) throw unknownItems(missing, body.country);

  const quoted: QuotePatient[] = parsed.map((patient) => ({
    // Fonasa is Chilean, not offered in five communes (those quote as particular), and its
    // tier A pays no copay in private care: priced as particular too.
    insurance:
      body.country === 'cl' ? pricedInsurance(patient.isFonasa, patient.tier, body.locality) : 'particular',
    items: patient.ids.map((id) => items.get(id) as CartItem),
  }));

  // The coupon validates against the items actually charged, as GET /v2/coupons/validate/ would.
  const charged = quoted.flatMap((patient) =>
    patient.items.filter((item) => !isSubitem(item, patient.items)).map((item) => Number(item.id)),
  );
  const coupon =
    couponRow && couponStatus(couponRow, { source, country: body.country, itemIds: charged }, now) === 'valid'
      ? {
          discountPercent: couponRow.discountPercent,
          discountAmount: couponRow.discountAmount,
          appliesTo: (id: number) => couponAppliesTo(couponRow, id),
        }
      : null;
  return computeCartPrice(quoted, coupon, salesSourceRules(catalogue, source).examsPaidAtHome);
}
