import cluster, { type Worker } from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { clientsWithPublicDemoTokens, demoCredentialsWarning } from './db/seed/demo-credentials.ts';
import { demoAdminWarning } from './db/seed/demo-operators.ts';
import { DEMO_SEEDS } from './db/seed/demo.ts';
import { runSeeds } from './db/seed/run-seeds.ts';
import { loadCatalogueSnapshot } from './modules/catalogue/snapshot.ts';
import { backfillFrozenQuotes } from './modules/payments/frozen-quote.ts';
import { createMailer } from './adapters/mail/create-mailer.ts';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway.ts';
import { expireLapsedHolds } from './modules/appointments/transitions.ts';
import { compactBlockLoad } from './modules/scheduling/queries.ts';
import { createBookingDeliverer } from './modules/notifications/deliver-booking-event.ts';
import { writeDueReminders } from './modules/notifications/reminders.ts';
import { createOutboxWorker } from './modules/outbox/worker.ts';
import { reconcileDuePayments } from './modules/payments/reconcile.ts';
import { createRetentionJob } from './modules/retention/retention.ts';
import { CONSOLE_DIST, WIDGET_DIST } from './paths.ts';
import { createRespawnPolicy, defaultRespawnOptions } from './respawn-policy.ts';

/** How often lapsed holds are swept; a hold lasts 20 minutes, so a minute late is harmless. */
const HOLD_SWEEP_MS = 60_000;
const BLOCK_LOAD_COMPACT_MS = 2_000;

const open = (config: Config): Promise<Database> =>
  openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );

/** Thrown when the server is told not to migrate and the database lacks migrations. */
class MigrationsPending extends Error {
  constructor(readonly tags: string[]) {
    super(
      `Faltan migraciones en la base de datos: ${tags.join(', ')}. Ejecuta npm run migrate (MIGRATE_ON_START=false) antes de arrancar.`,
    );
  }
}

/**
 * Migrations and the demo seed, once, before any instance takes requests. With
 * MIGRATE_ON_START=false the migrations are `npm run migrate`'s (a deploy's own step); the server
 * then refuses to start on a database that lacks one, naming it.
 */
async function prepare(database: Database, config: Config) {
  if (config.MIGRATE_ON_START) await database.migrate();
  else {
    const pending = await database.pendingMigrations();
    if (pending.length > 0) throw new MigrationsPending(pending);
  }
  if (config.SEED === 'demo') await runSeeds(database.db, DEMO_SEEDS);
}

/** How often each instance looks for payments to reconcile (each payment is taken by one of them). */
const RECONCILE_MS = 30_000;
/** Retention (old orders and leads, abandoned appointments' personal data) runs once a day. */
const RETENTION_MS = 24 * 60 * 60_000;

/** One instance: the app on the port, the hold sweep, and a graceful stop on SIGINT/SIGTERM. */
async function serve(config: Config, { prepared }: { prepared: boolean }) {
  // The embedded database is this process's alone while it runs (the partner CLI checks too).
  if (!config.DATABASE_URL) lockEmbeddedDatabase(config.DATA_DIR, 'server');
  const database = await open(config);
  if (!prepared) await prepare(database, config);

  const app = await buildApp({
    config,
    database,
    widgetDist: config.WIDGET_DIST ?? WIDGET_DIST,
    consoleDist: config.CONSOLE_DIST ?? CONSOLE_DIST,
    logger: { level: config.LOG_LEVEL },
  });

  // The periodic jobs under way: a stop waits for them before it closes the database (else they
  // fail on a closed pool and say so in the log).
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, what: string, job: () => Promise<unknown>, { atStart = false } = {}) => {
    const tick = () => {
      const run = job().catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
      running.add(run);
      void run.finally(() => running.delete(run));
    };
    const timer = setInterval(tick, ms);
    timer.unref();
    if (atStart) tick();
    return timer;
  };
  // Bookings confirmed before their money was frozen get their quote once, in the background: a
  // large database must not hold the start (docs/decisions/money-ledger.md). Each update is
  // conditional, so instances doing it at once never give one booking two quotes.
  const backfill = (async () =>
    backfillFrozenQuotes(database.db, await loadCatalogueSnapshot(database.db)))().catch((error: unknown) =>
    app.log.error({ err: error }, 'frozen quote backfill failed'),
  );
  running.add(backfill);
  void backfill.finally(() => running.delete(backfill));
  // Lapsed holds free their blocks and their appointments expire; every instance sweeps (the
  // update is conditional, so two sweeps never expire one appointment twice).
  const sweep = every(HOLD_SWEEP_MS, 'hold sweep', () => expireLapsedHolds(database.db));
  // Freed visits are kept beside the per-block counts (so holds never deadlock on them) and
  // folded in here; availability subtracts those not folded yet, so this only keeps reads short.
  const compaction = every(BLOCK_LOAD_COMPACT_MS, 'block load compaction', () =>
    compactBlockLoad(database.db),
  );

  // E-mails and webhooks owed by committed changes; every instance delivers, none twice at once.
  const mailer = createMailer(config);
  const outbox = createOutboxWorker({
    db: database.db,
    leaseMs: config.OUTBOX_LEASE_MS,
    deliver: createBookingDeliverer({
      db: database.db,
      mailer,
      gateway: createPaymentGateway(config, database.db),
      catalogue: app.catalogue,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      mailFrom: config.MAIL_FROM,
      rosters: app.rosters,
      webhookAllowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    }),
    // Addresses and content never reach the logs: the event, and the error's message without
    // anything that looks like an address.
    onError: (error, event) =>
      app.log.warn(
        {
          event: event && {
            id: event.id,
            topic: event.topic,
            channel: event.channel,
            attempts: event.attempts,
          },
          reason: String((error as { message?: unknown } | null)?.message ?? error).replace(
            /\S+@\S+/g,
            '[email]',
          ),
        },
        'outbox delivery failed',
      ),
  });
  outbox.start();
  app.readiness.outbox = outbox;
  const reminders = every(HOLD_SWEEP_MS, 'reminders', () => writeDueReminders(database.db));
  // Card payments a crash left processing, or the gateway left in review, settled against it.
  const gateway = createPaymentGateway(config, database.db);
  // Also at start: after a crash, what it left is settled without waiting for the first interval.
  const reconciliation = every(
    RECONCILE_MS,
    'payment reconciliation',
    () => reconcileDuePayments({ db: database.db, gateway, log: app.log, leaseMs: config.PAYMENT_LEASE_MS }),
    { atStart: true },
  );
  // Safe on every instance at once; nothing to do when both retention settings are 0.
  const retention = every(RETENTION_MS, 'data retention', createRetentionJob(database.db, config), {
    atStart: true,
  });

  let metricsServer: Server | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Ready no more at once: a load balancer stops sending while in-flight requests finish.
    app.readiness.shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let those in flight finish, then close the database.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    clearInterval(sweep);
    clearInterval(compaction);
    clearInterval(reminders);
    clearInterval(reconciliation);
    clearInterval(retention);
    try {
      metricsServer?.close();
      await outbox.stop();
      await mailer.close();
      await app.close();
      await Promise.allSettled(running);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // The demo's staff tokens are in this repository: a server others can reach says so at start.
  const exposed = demoCredentialsWarning(config.HOST, await clientsWithPublicDemoTokens(database.db));
  if (exposed) app.log.warn({ host: config.HOST }, exposed);
  // So is the demo's console admin, while its published password still works.
  const demoAdmin = await demoAdminWarning(database.db, config.HOST);
  if (demoAdmin) app.log.warn({ host: config.HOST }, demoAdmin);

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS_PORT) {
    metricsServer = await listenForMetrics(app, config.METRICS_PORT, config.METRICS_HOST);
    app.log.info({ host: config.METRICS_HOST, port: config.METRICS_PORT }, 'metrics listening');
  }
  app.log.info(
    {
      worker: cluster.isWorker ? cluster.worker?.id : 0,
      startupMs: Math.round(performance.now()),
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    },
    'ready',
  );
}

/**
 * WEB_CONCURRENCY > 1: this process migrates and seeds, then forks that many workers that share
 * the port (node's cluster hands out connections) and one PostgreSQL; what a worker caches is
 * kept coherent by the change bus. A worker that dies is replaced after a back-off
 * (respawn-policy.ts); a crash loop makes this process exit 1, so a process manager restarts
 * the service; a signal stops them all and exits 0.
 */
async function supervise(config: Config) {
  const database = await open(config);
  await prepare(database, config);
  await database.close();

  const policy = createRespawnPolicy(defaultRespawnOptions(config.WEB_CONCURRENCY));
  /** Each live worker and when it was forked, to know how long it lived. */
  const workers = new Map<Worker, number>();
  const respawns = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    if (stopping) return;
    workers.set(cluster.fork({ VISITA_PREPARED: '1' }), Date.now());
  };
  const exitOnceStopped = () => {
    if (workers.size === 0) process.exit(exitCode);
  };
  const stopAll = (signal: NodeJS.Signals, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of respawns) clearTimeout(timer);
    respawns.clear();
    for (const worker of workers.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
    exitOnceStopped();
  };

  for (let i = 0; i < config.WEB_CONCURRENCY; i += 1) fork();
  cluster.on('exit', (worker, code, signal) => {
    const forkedAt = workers.get(worker) ?? Date.now();
    workers.delete(worker);
    if (stopping) return exitOnceStopped();
    const verdict = policy.onDeath(Date.now(), Date.now() - forkedAt);
    if (verdict.kind === 'give-up') {
      console.error(
        `el supervisor se rinde: ${verdict.deaths} procesos de trabajo terminaron en ` +
          `${verdict.windowMs / 60_000} minutos (el último, ${worker.id}, por ${signal ?? code}); ` +
          'detiene los demás y sale con código 1 para que el gestor de procesos reinicie el servicio',
      );
      stopAll('SIGTERM', 1);
      return;
    }
    console.error(
      `el proceso de trabajo ${worker.id} terminó (${signal ?? code}); otro arranca en ${verdict.delayMs} ms`,
    );
    // Not unref'd: when every worker died at once this timer is all that keeps this process
    // alive, and without it the process would end with 0 and the service stay down.
    const timer = setTimeout(() => {
      respawns.delete(timer);
      fork();
    }, verdict.delayMs);
    respawns.add(timer);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopAll(signal, 0));
}

/**
 * METRICS_PORT: the metrics on a listener of their own, with no token (the port is the guard:
 * loopback or a private network). With several workers each answers for itself in turn.
 */
function listenForMetrics(
  app: Awaited<ReturnType<typeof buildApp>>,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    app.metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': app.metrics.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: a collector failed');
        response.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) await supervise(config);
  else await serve(config, { prepared: process.env.VISITA_PREPARED === '1' });
}

main().catch((error) => {
  if (error instanceof MigrationsPending) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof EmbeddedDatabaseInUse) {
    console.error(`${error.message} Espera a que termine o detenlo antes de arrancar el servidor.`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
