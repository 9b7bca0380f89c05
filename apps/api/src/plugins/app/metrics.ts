/**
 * Prometheus metrics (prom-client), one registry per app: HTTP latency per route, the booking
 * funnel and the outbox as the database holds them (counted there, so every instance tells the
 * same truth and a restart loses nothing; the figures are reused for METRICS_CACHE_MS, so frequent
 * or overlapping scrapes count the tables once), rate-limit refusals, the database pool and the
 * process. Served at /metrics only with METRICS_TOKEN (a bearer token) or on METRICS_PORT
 * (server.ts, its own listener); otherwise /metrics answers 404, never the widget's page.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import * as ERRORS from '@visita/domain/contract/api-errors';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { cachedRead } from './cached-read.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, for /metrics and METRICS_PORT's listener. */
    metrics: Registry;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A gauge set from one grouped count (or its figures, while they are fresh) at each scrape. */
function countsGauge(
  registry: Registry,
  options: {
    name: string;
    help: string;
    label: string;
    read: () => Promise<Array<{ key: string; n: number }>>;
  },
) {
  return new Gauge({
    name: options.name,
    help: options.help,
    labelNames: [options.label],
    registers: [registry],
    async collect() {
      const rows = await options.read();
      this.reset();
      for (const row of rows) this.set({ [options.label]: row.key }, Number(row.n));
    },
  });
}

export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const { db } = app;
    const fresh = <T>(read: () => Promise<T>) => cachedRead(read, app.config.METRICS_CACHE_MS);

    const duration = new Histogram({
      name: 'visita_http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const refusals = new Counter({
      name: 'visita_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit or the live-holds bound (429), by route pattern',
      labelNames: ['route'],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The pattern, never the raw URL: ids and tokens in paths would make a series per request.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (reply.statusCode === 429) refusals.inc({ route });
    });

    countsGauge(registry, {
      name: 'visita_appointments',
      help: 'Appointments by status (pending, scheduled, confirmed, cancelled, expired: a lapsed hold)',
      label: 'status',
      read: fresh(() =>
        queryRows(db, sql`select status as key, count(*)::int as n from appointments group by status`),
      ),
    });
    countsGauge(registry, {
      name: 'visita_payments',
      help: 'Payments by status (approved, rejected, pending, processing, cash, refunded, …)',
      label: 'status',
      read: fresh(() =>
        queryRows(db, sql`select status as key, count(*)::int as n from payments group by status`),
      ),
    });
    const liveHolds = fresh(() =>
      queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from visits where status = 'hold' and expires_at > now()`,
      ),
    );
    new Gauge({
      name: 'visita_live_holds',
      help: 'Blocks held for 20 minutes and not lapsed',
      registers: [registry],
      async collect() {
        const [row] = await liveHolds();
        this.set(Number(row?.n ?? 0));
      },
    });
    const pending = sql`delivered_at is null and failed_at is null`;
    countsGauge(registry, {
      name: 'visita_outbox_backlog',
      help: 'Outbox events not yet delivered nor given up, by channel (email, webhook, refund)',
      label: 'channel',
      read: fresh(() =>
        queryRows(
          db,
          sql`select channel as key, count(*)::int as n from outbox_events where ${pending} group by channel`,
        ),
      ),
    });
    countsGauge(registry, {
      name: 'visita_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox event not yet delivered, by channel',
      label: 'channel',
      read: fresh(() =>
        queryRows(
          db,
          sql`select channel as key, extract(epoch from now() - min(created_at))::float8 as n
              from outbox_events where ${pending} group by channel`,
        ),
      ),
    });
    countsGauge(registry, {
      name: 'visita_outbox_failing',
      help: 'Outbox events whose last attempt failed and will be retried, by channel (webhook: a partner not answering)',
      label: 'channel',
      read: fresh(() =>
        queryRows(
          db,
          sql`select channel as key, count(*)::int as n from outbox_events
              where ${pending} and last_error is not null group by channel`,
        ),
      ),
    });
    countsGauge(registry, {
      name: 'visita_outbox_given_up',
      help: 'Outbox events given up after the retry window, by channel (listed for the operator)',
      label: 'channel',
      read: fresh(() =>
        queryRows(
          db,
          sql`select channel as key, count(*)::int as n from outbox_events where failed_at is not null group by channel`,
        ),
      ),
    });
    const pool = app.readiness.poolStats;
    if (pool)
      new Gauge({
        name: 'visita_db_pool_connections',
        help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const stats = pool();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });

    app.decorate('metrics', registry);

    const token = app.config.METRICS_TOKEN;
    const expected = token ? digest(token) : null;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!expected) throw fail(ERRORS.ROUTE_NOT_FOUND);
      const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(presented), expected)) throw fail(ERRORS.METRICS_TOKEN_INVALID);
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
