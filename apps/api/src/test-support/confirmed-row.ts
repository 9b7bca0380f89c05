/**
 * A row made confirmed directly, for tests whose subject is not the confirmation (a refused edit
 * of a confirmed booking, a hold beside a confirmed visit, a report's figures). The database
 * refuses a confirmation without a frozen quote of its cart that its payments prove (migration
 * 0024), so the row gets the quote its payment rows say: what was charged online, billed to the
 * company and left to collect at the address (none of it when there are none).
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import { appointments, type FrozenQuote } from '../db/schema.ts';
import { quoteFromPayments, storedQuote } from '../modules/payments/frozen-quote.ts';

export async function setConfirmed(
  db: Db,
  id: string,
  changes: Partial<typeof appointments.$inferInsert> = {},
): Promise<void> {
  if (Object.keys(changes).length > 0)
    await db.update(appointments).set(changes).where(eq(appointments.id, id));
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!row) throw new Error(`no appointment ${id}`);
  const [money] = await queryRows<{ online: number; company: number; cash: number }>(
    db,
    sql`select
        coalesce(sum(amount) filter (where status = 'approved' and gateway <> 'console'), 0)::float8 as online,
        coalesce(sum(amount) filter (where status = 'company_billed'), 0)::float8 as company,
        coalesce(sum(amount) filter (where status = 'cash'), 0)::float8 as cash
      from payments where appointment_id = ${id}`,
  );
  const quote = quoteFromPayments(
    row,
    {
      online: Number(money?.online ?? 0),
      company: Number(money?.company ?? 0),
      atAddress: Number(money?.cash ?? 0),
    },
    new Date(),
  );
  await db
    .update(appointments)
    .set({ status: 'confirmed', quote: storedQuote(quote) as SQL as unknown as FrozenQuote })
    .where(eq(appointments.id, id));
}
