import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { DEMO_SEEDS } from './db/seed/demo.ts';
import { runSeeds } from './db/seed/run-seeds.ts';
import { createMailer } from './adapters/mail/create-mailer.ts';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway.ts';
import { expireLapsedHolds } from './modules/appointments/transitions.ts';
import { compactBlockLoad } from './modules/scheduling/queries.ts';
import { createBookingDeliverer } from './modules/notifications/deliver-booking-event.ts';
import { writeDueReminders } from './modules/notifications/reminders.ts';
import { createOutboxWorker } from './modules/outbox/worker.ts';
import { WIDGET_DIST } from './paths.ts';

/** How often lapsed holds are swept; a hold lasts 20 minutes, so a minute late is harmless. */
const HOLD_SWEEP_MS = 60_000;
const BLOCK_LOAD_COMPACT_MS = 2_000;
/** A worker that dies is replaced, but not faster than this, so a crash loop cannot spin. */
const RESPAWN_DELAY_MS = 1000;

const open = (config: Config): Promise<Database> =>
  openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );

/** Migrations and the demo seed, once, before any instance takes requests. */
async function prepare(database: Database, config: Config) {
  await database.migrate();
  if (config.SEED === 'demo') await runSeeds(database.db, DEMO_SEEDS);
}

/** One instance: the app on the port, the hold sweep, and a graceful stop on SIGINT/SIGTERM. */
async function serve(config: Config, { prepared }: { prepared: boolean }) {
  const database = await open(config);
  if (!prepared) await prepare(database, config);

  const app = await buildApp({
    config,
    database,
    widgetDist: config.WIDGET_DIST ?? WIDGET_DIST,
    logger: { level: config.LOG_LEVEL },
  });

  // The periodic jobs under way: a stop waits for them before it closes the database (else they
  // fail on a closed pool and say so in the log).
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, what: string, job: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      const run = job().catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
      running.add(run);
      void run.finally(() => running.delete(run));
    }, ms);
    timer.unref();
    return timer;
  };
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
  const reminders = every(HOLD_SWEEP_MS, 'reminders', () => writeDueReminders(database.db));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
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
    try {
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

  await app.listen({ port: config.PORT, host: config.HOST });
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
 * kept coherent by the change bus. A worker that dies is replaced; a signal stops them all.
 */
async function supervise(config: Config) {
  const database = await open(config);
  await prepare(database, config);
  await database.close();

  let stopping = false;
  const fork = () => cluster.fork({ VISITA_PREPARED: '1' });
  for (let i = 0; i < config.WEB_CONCURRENCY; i += 1) fork();
  let alive = 0;
  cluster.on('online', () => (alive += 1));
  cluster.on('exit', (worker, code, signal) => {
    alive -= 1;
    if (stopping) {
      if (alive <= 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.id} exited (${signal ?? code}); starting another`);
    setTimeout(fork, RESPAWN_DELAY_MS).unref();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      setTimeout(() => process.exit(1), 15_000).unref();
    });
  }
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
  console.error(error);
  process.exit(1);
});
