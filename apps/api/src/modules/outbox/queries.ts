import { and, eq, sql } from 'drizzle-orm';
import { type Db, instantPlaceholder, perDatabase, queryRows } from '../../db/database.ts';
import { type NewOutboxEventRow, outboxEvents, type OutboxEventRow } from '../../db/schema.ts';

/**
 * Writes events with the caller's database handle: pass the transaction that makes the change,
 * and the events exist exactly when the change does. An event whose dedupe key exists is skipped.
 */
export async function enqueueEvents(db: Db, events: readonly NewOutboxEventRow[]): Promise<number> {
  if (events.length === 0) return 0;
  const inserted = await db
    .insert(outboxEvents)
    .values([...events])
    .onConflictDoNothing({ target: outboxEvents.dedupeKey })
    .returning({ id: outboxEvents.id });
  return inserted.length;
}

interface ClaimedRow {
  id: string;
  topic: string;
  channel: 'email' | 'webhook' | 'refund';
  client_id: string | null;
  appointment_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
}

export type ClaimedEvent = Pick<
  OutboxEventRow,
  'id' | 'topic' | 'channel' | 'clientId' | 'appointmentId' | 'payload' | 'attempts' | 'createdAt'
>;

/**
 * Claims up to `limit` due events for `leaseMs`: rows locked by another worker's claim are skipped
 * (SKIP LOCKED), and a row stays claimed until its lease lapses, so two workers never deliver one
 * event at once, and a worker that dies mid-delivery leaves it to the next claim. Attempts count
 * claims, so a delivery that keeps killing its worker still reaches the end of its retry window.
 */
export async function claimDueEvents(
  db: Db,
  { now, limit, leaseMs }: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedEvent[]> {
  const leaseEnd = new Date(now.getTime() + leaseMs);
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`update outbox_events set locked_until = ${leaseEnd.toISOString()}, attempts = attempts + 1
        where id in (
          select id from outbox_events
          where delivered_at is null and failed_at is null
            and available_at <= ${now.toISOString()}
            and (locked_until is null or locked_until <= ${now.toISOString()})
          order by available_at
          limit ${limit}
          for update skip locked)
        returning id, topic, channel, client_id, appointment_id, payload, attempts, created_at`,
  );
  return rows.map((row) => ({
    id: row.id,
    topic: row.topic,
    channel: row.channel,
    clientId: row.client_id,
    appointmentId: row.appointment_id,
    payload: row.payload,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
  }));
}

// Every few e-mails and webhooks delivered: prepared.
const preparedMarkDelivered = perDatabase((db: Db) =>
  db
    .update(outboxEvents)
    .set({ deliveredAt: instantPlaceholder('now'), lockedUntil: null, lastError: null })
    .where(sql`${outboxEvents.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('outbox_mark_delivered'),
);

/** Marks these events delivered, in one statement. */
export async function markDelivered(db: Db, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await preparedMarkDelivered(db).execute({ ids: [...ids], now: now.toISOString() });
}

/** A failed attempt: retried at `retryAt`, or given up (`retryAt` null) and left to the operator. */
export async function markFailed(
  db: Db,
  id: string,
  { error, now, retryAt }: { error: string; now: Date; retryAt: Date | null },
): Promise<void> {
  await db
    .update(outboxEvents)
    .set({
      lastError: error.slice(0, 500),
      lockedUntil: null,
      ...(retryAt ? { availableAt: retryAt } : { failedAt: now }),
    })
    .where(and(eq(outboxEvents.id, id)));
}

/** Given-up and still-retrying deliveries of a channel, newest first: what the operator reads. */
export async function listUndelivered(db: Db, channel: 'email' | 'webhook' | 'refund', limit = 100) {
  return db
    .select({
      id: outboxEvents.id,
      topic: outboxEvents.topic,
      clientId: outboxEvents.clientId,
      appointmentId: outboxEvents.appointmentId,
      attempts: outboxEvents.attempts,
      lastError: outboxEvents.lastError,
      createdAt: outboxEvents.createdAt,
      availableAt: outboxEvents.availableAt,
      failedAt: outboxEvents.failedAt,
    })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.channel, channel),
        sql`${outboxEvents.deliveredAt} is null`,
        sql`(${outboxEvents.attempts} > 0 or ${outboxEvents.failedAt} is not null)`,
      ),
    )
    .orderBy(sql`${outboxEvents.createdAt} desc`)
    .limit(limit);
}
