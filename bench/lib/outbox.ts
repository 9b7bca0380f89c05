import pg from 'pg';
import type { SmtpSink } from './smtp-sink.ts';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
};

/** The e-mail's Message-ID is `<outbox event id>@visita` (deliver-booking-event.ts). */
const eventIdOf = (messageId: string) => messageId.replace(/@visita$/, '');

/**
 * From each booking's confirmation (its payment answered approved) to the arrival of its
 * confirmation e-mail at the mail server.
 */
export interface ConfirmationEmailResult {
  name: string;
  /** Bookings confirmed in the measured seconds of the whole booking. */
  confirmed: number;
  /** Of them, those whose e-mail arrived (within the wait after the scenario). */
  delivered: number;
  /** Of those, the ones that arrived while the customers were still booking. */
  deliveredDuringLoad: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How long after the scenario ended the last e-mail arrived (0 if all arrived during it). */
  drainMs: number;
  /**
   * E-mail events written and not yet delivered when the scenario ended (warm-up bookings' too):
   * a large backlog means the worker could not keep up; a small one, that the wait was polling.
   */
  backlogAtEnd: number;
}

/**
 * Matches each confirmation to its e-mail through the outbox: the event the confirmation wrote
 * (its id is the e-mail's Message-ID) and the sink's arrival time. Waits up to `timeoutMs` after
 * the scenario for the e-mails still queued; one missing at the end counts as not delivered.
 */
export async function confirmationToEmail(
  name: string,
  databaseUrl: string,
  sink: SmtpSink,
  confirmations: Array<{ appointmentId: string; at: number }>,
  { scenarioEnd, timeoutMs }: { scenarioEnd: number; timeoutMs: number },
): Promise<ConfirmationEmailResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let events: Array<{ id: string; appointment_id: string }>;
  let backlogAtEnd: number;
  try {
    const { rows: backlog } = await client.query<{ count: string }>(
      `select count(*) from outbox_events
       where channel = 'email' and delivered_at is null and failed_at is null`,
    );
    backlogAtEnd = Number(backlog[0]?.count ?? 0);
    // Written in the transaction that confirmed the appointment, so present once pay answered.
    ({ rows: events } = await client.query<{ id: string; appointment_id: string }>(
      `select id, appointment_id from outbox_events
       where channel = 'email' and topic = 'appointment.confirmed' and appointment_id = any($1::uuid[])`,
      [confirmations.map((c) => c.appointmentId)],
    ));
  } finally {
    await client.end();
  }
  const wanted = new Set(events.map((event) => event.id));
  const arrived = () => sink.received.filter((mail) => wanted.has(eventIdOf(mail.messageId))).length;
  await sink.waitFor(() => arrived() >= wanted.size, timeoutMs);

  const arrivals = new Map(sink.received.map((mail) => [eventIdOf(mail.messageId), mail.at]));
  const confirmedAt = new Map(confirmations.map((c) => [c.appointmentId, c.at]));
  const delays: number[] = [];
  let duringLoad = 0;
  let last = 0;
  for (const event of events) {
    const at = arrivals.get(event.id);
    const confirmed = confirmedAt.get(event.appointment_id);
    if (at === undefined || confirmed === undefined) continue;
    delays.push(at - confirmed);
    if (at <= scenarioEnd) duringLoad += 1;
    last = Math.max(last, at);
  }
  return {
    name,
    confirmed: confirmations.length,
    delivered: delays.length,
    deliveredDuringLoad: duringLoad,
    p50Ms: quantile(delays, 0.5),
    p99Ms: quantile(delays, 0.99),
    maxMs: Math.round(Math.max(0, ...delays)),
    drainMs: Math.max(0, last - scenarioEnd),
    backlogAtEnd,
  };
}

/** A backlog of e-mail events written at once, delivered by the server's worker. */
export interface OutboxDeliveryResult {
  name: string;
  events: number;
  delivered: number;
  /** Events delivered per second, from the backlog's commit to the last arrival. */
  eventsPerSecond: number;
  /** From the commit to the first arrival: how long the idle worker took to notice. */
  firstMs: number;
  /** From the commit to the last arrival. */
  totalMs: number;
}

/**
 * Writes `count` confirmation e-mail events in one transaction, as confirmations would, for the
 * appointments given (each a booking the whole-booking scenario confirmed, so the delivery renders
 * a real booking: its patient, services, payment, visit window), and times the server's worker
 * delivering them all to the sink. Each event goes to an address of its own.
 */
export async function measureOutboxDelivery(
  name: string,
  databaseUrl: string,
  sink: SmtpSink,
  { count, appointmentIds, timeoutMs }: { count: number; appointmentIds: string[]; timeoutMs: number },
): Promise<OutboxDeliveryResult> {
  if (appointmentIds.length === 0) throw new Error('outbox delivery: no confirmed appointment to write for');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let ids: string[];
  let committed: number;
  try {
    const { rows } = await client.query<{ id: string }>(
      `with booked as (
         select a.id, a.client_id, v.block_start, v.block_end,
                row_number() over (order by a.id) - 1 as n, count(*) over () as total
         from appointments a join visits v on v.appointment_id = a.id
         where a.id = any($1::uuid[]) and v.status = 'confirmed')
       insert into outbox_events (topic, channel, client_id, appointment_id, payload)
       select 'appointment.confirmed', 'email', b.client_id, b.id,
              jsonb_build_object('to', 'carga.' || s || '@correo.cl', 'kind', 'confirmed',
                'begin', to_char(b.block_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'end', to_char(b.block_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       from generate_series(0, $2::int - 1) s join booked b on b.n = s % b.total
       returning id`,
      [appointmentIds, count],
    );
    committed = Date.now();
    ids = rows.map((row) => row.id);
  } finally {
    await client.end();
  }
  if (ids.length !== count) throw new Error(`outbox delivery: wrote ${ids.length} events, not ${count}`);
  const wanted = new Set(ids);
  const arrivals = () => sink.received.filter((mail) => wanted.has(eventIdOf(mail.messageId)));
  await sink.waitFor(() => arrivals().length >= count, timeoutMs);
  const times = arrivals().map((mail) => mail.at);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const totalMs = times.length ? last - committed : 0;
  return {
    name,
    events: count,
    delivered: times.length,
    eventsPerSecond: totalMs > 0 ? Math.round((times.length / totalMs) * 1000 * 10) / 10 : 0,
    firstMs: times.length ? first - committed : 0,
    totalMs,
  };
}
