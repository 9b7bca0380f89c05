/**
 * A booking's money frozen (docs/decisions/money-ledger.md): the quote taken under the lock on
 * the appointment's row when a card payment is claimed, or in the confirmation's own statement,
 * and read by every surface afterwards instead of today's prices. The database keeps it so
 * (migration 0024): what it prices cannot change under it, and a confirmation must carry it.
 */
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import { localeFromCountry } from '@visita/domain/locale';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../../db/database.ts';
import { appointments, type FrozenQuote } from '../../db/schema.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { appointmentCart, serviceIdsOf } from '../appointments/stored-cart.ts';
import { quoteCartPrice } from '../pricing/service.ts';
import { type CatalogueSnapshot, resolvePrice } from '../catalogue/snapshot.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * An item's price today for the appointment's source and commune (the promotion's while there is
 * one): what a booking not yet frozen shows, and what a frozen one keeps from its moment.
 */
export function linePrice(
  catalogue: CatalogueSnapshot,
  appointment: Pick<AppointmentRow, 'salesSource' | 'comuna'>,
  id: number,
): { name: string; price: number } {
  const item = catalogue.byId.get(id);
  if (!item) return { name: `Ítem ${id}`, price: 0 };
  const resolved = resolvePrice(catalogue, item, {
    salesSource: appointment.salesSource,
    commune: appointment.comuna,
  });
  const onPromotion = resolved.override ? resolved.promotionPrice !== null : item.isPromotion;
  const price =
    onPromotion && resolved.promotionPrice !== null ? resolved.promotionPrice : (resolved.price ?? 0);
  return { name: item.displayName ?? item.name, price };
}

/** Each patient's items and packs at today's price, by patient index. */
function linesOf(
  catalogue: CatalogueSnapshot,
  appointment: Pick<AppointmentRow, 'salesSource' | 'comuna'>,
  patients: readonly StoredCartPatient[],
): FrozenQuote['lines'] {
  return patients.flatMap((patient, index) =>
    serviceIdsOf(patient).map((id) => ({
      patient_index: index,
      item_id: id,
      ...linePrice(catalogue, appointment, id),
    })),
  );
}

/**
 * The quote to freeze for an appointment: the whole cart's price, and who owes what. `online` is
 * what a card charges (0 when none), `company` what a split puts on the company; the rest is due
 * at the address. A booking whose staff recorded its amounts (the amount step) and that nobody
 * pays online or through a company owes what they recorded.
 */
export function frozenQuoteOf(
  catalogue: CatalogueSnapshot,
  appointment: Pick<
    AppointmentRow,
    'salesSource' | 'comuna' | 'couponCode' | 'country' | 'patients' | 'amounts'
  >,
  price: CartPriceAnswer,
  owed: { online: number; company: number },
  now: Date,
): FrozenQuote {
  const online = round2(Math.max(0, owed.online));
  const company = round2(Math.max(0, owed.company));
  const staffTotal =
    appointment.amounts && online === 0 && company === 0 ? round2(appointment.amounts.total) : null;
  const total = staffTotal ?? round2(price.net_price);
  return {
    v: 1,
    frozen_at: now.toISOString(),
    coupon_code: appointment.couponCode ?? null,
    currency: localeFromCountry(appointment.country).currency as 'CLP' | 'MXN',
    lines: linesOf(catalogue, appointment, appointment.patients),
    price: {
      base_price: price.base_price,
      service_fee: price.service_fee,
      discount: price.discount,
      net_price: price.net_price,
      fonasa_discount: price.fonasa_discount,
      payment_at_home: price.payment_at_home,
    },
    due: { total, online, company, at_address: round2(Math.max(0, total - online - company)) },
  };
}

/**
 * A quote known only from its money (no catalogue at hand): what was charged online and what the
 * company owes, adding up to the total. For a card payment claimed before quotes were frozen, and
 * for bookings confirmed before (the migration's backfill when their cart no longer prices).
 */
export function quoteFromPayments(
  appointment: Pick<AppointmentRow, 'couponCode' | 'country'>,
  owed: { online: number; company: number; atAddress?: number },
  now: Date,
): FrozenQuote {
  const online = round2(Math.max(0, owed.online));
  const company = round2(Math.max(0, owed.company));
  const atAddress = round2(Math.max(0, owed.atAddress ?? 0));
  const total = round2(online + company + atAddress);
  return {
    v: 1,
    frozen_at: now.toISOString(),
    coupon_code: appointment.couponCode ?? null,
    currency: localeFromCountry(appointment.country).currency as 'CLP' | 'MXN',
    lines: [],
    price: {
      base_price: total,
      service_fee: 0,
      discount: 0,
      net_price: total,
      fonasa_discount: 0,
      payment_at_home: atAddress,
    },
    due: { total, online, company, at_address: atAddress },
  };
}

/**
 * The value that stores a quote: with the md5 of the row's own patients, computed by the database
 * in the same statement, which is how a confirmation proves it confirms the cart that was quoted.
 */
export const storedQuote = (quote: FrozenQuote): SQL =>
  sql`(${JSON.stringify(quote)}::jsonb || jsonb_build_object('cart_hash', md5(${appointments.patients}::text)))`;

/**
 * The appointment's row locked until the transaction ends, read afresh: what is quoted and
 * confirmed under the lock is what the row holds, whatever a concurrent finalize tried.
 */
export async function lockAppointmentRow(tx: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

/** Whether a charge of the appointment is being made, in the gateway's review, or approved. */
export async function moneyInFlight(tx: Db, appointmentId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from payments where appointment_id = ${appointmentId}
      and status in ('processing', 'pending', 'approved') limit 1`,
  );
  return rows.length > 0;
}

/**
 * Drops the quote of a booking whose payment failed, so the person may change the cart and pay
 * again; the database refuses it while a charge is open or approved, or once confirmed, and this
 * asks only then (nothing happens otherwise).
 */
export async function thawQuote(db: Db, appointmentId: string): Promise<void> {
  await db.execute(sql`update appointments set quote = null, updated_at = now()
    where id = ${appointmentId} and status in ('pending', 'scheduled', 'expired') and quote is not null
      and not exists (select 1 from payments p where p.appointment_id = appointments.id
        and p.status in ('processing', 'pending', 'approved'))`);
}

/** What a frozen quote says a summary shows: the price the booking was quoted at. */
export const frozenPrice = (quote: FrozenQuote): CartPriceAnswer => ({ ...quote.price });

/** How many bookings the backfill reads at once. */
const BACKFILL_BATCH = 200;

/**
 * Bookings confirmed (or confirmed then cancelled) before quotes were frozen get one, once: what
 * they were charged online and billed to the company is what their payments say; the rest is
 * their cart at the prices of the moment this runs (the nearest to their confirmation there is),
 * or their pay-at-home row or staff amounts when the cart no longer prices. From then on no
 * price change reaches them. Idempotent: it reads only bookings without a quote. Answers how many.
 */
export async function backfillFrozenQuotes(
  db: Db,
  catalogue: CatalogueSnapshot,
  now: Date = new Date(),
): Promise<number> {
  let done = 0;
  for (;;) {
    // A batch claimed with its rows locked and locked rows skipped: instances starting at once
    // share the work rather than each doing all of it, and every batch is a few statements.
    const batch = await inTransaction(db, async (tx) => {
      const rows = await tx
        .select()
        .from(appointments)
        .where(
          sql`${appointments.quote} is null and (${appointments.status} = 'confirmed'
            or (${appointments.status} = 'cancelled' and ${appointments.confirmedAt} is not null))`,
        )
        .limit(BACKFILL_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const sums = await queryRows<{ id: string; online: number; company: number; cash: number | null }>(
        tx,
        sql`select appointment_id::text as id,
            coalesce(sum(amount) filter (where status in ('approved', 'refunded') and gateway <> 'console'), 0)::float8 as online,
            coalesce(sum(amount) filter (where method = 'company'), 0)::float8 as company,
            max(amount) filter (where status = 'cash')::float8 as cash
          from payments where appointment_id in (${sql.join(
            rows.map((row) => sql`${row.id}::uuid`),
            sql`, `,
          )})
          group by appointment_id`,
      );
      const money = new Map(sums.map((sum) => [sum.id, sum]));
      const quotes: string[] = [];
      for (const row of rows) {
        const paid = money.get(row.id);
        const owed = { online: Number(paid?.online ?? 0), company: Number(paid?.company ?? 0) };
        let quote: FrozenQuote;
        try {
          const live = await quoteAppointmentLive(tx, catalogue, row);
          if (live.net_price + 0.005 < owed.online + owed.company)
            throw new Error('priced below what was paid');
          quote = frozenQuoteOf(catalogue, row, live, owed, now);
        } catch {
          const cash = paid?.cash ?? null;
          quote = quoteFromPayments(
            row,
            {
              ...owed,
              atAddress:
                cash !== null ? Number(cash) : owed.online + owed.company > 0 ? 0 : (row.amounts?.total ?? 0),
            },
            now,
          );
        }
        quotes.push(JSON.stringify(quote));
      }
      // One statement for the batch; the cart's hash computed by the database from each row.
      await tx.execute(sql`update appointments a
        set quote = v.quote::jsonb || jsonb_build_object('cart_hash', md5(a.patients::text))
        from unnest(${sql`array[${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )}]::uuid[]`}, ${sql`array[${sql.join(
          quotes.map((quote) => sql`${quote}`),
          sql`, `,
        )}]::text[]`}) as v(id, quote)
        where a.id = v.id and a.quote is null`);
      return rows.length;
    });
    if (batch === 0) return done;
    done += batch;
  }
}

/** The live quote of an appointment's stored cart (pricing/service.ts), without importing quote.ts in a cycle. */
async function quoteAppointmentLive(db: Db, catalogue: CatalogueSnapshot, row: AppointmentRow) {
  return quoteCartPrice(db, catalogue, {
    coupon_code: row.couponCode,
    country: row.country,
    locality: row.comuna,
    patients: appointmentCart(row.patients),
    source: row.salesSource,
  });
}
