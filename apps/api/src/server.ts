import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_SEEDS } from './db/seed/demo.ts';
import { runSeeds } from './db/seed/run-seeds.ts';
import { expireLapsedHolds } from './modules/appointments/lifecycle.ts';
import { WIDGET_DIST } from './paths.ts';

/** How often lapsed holds are swept; a hold lasts 20 minutes, so a minute late is harmless. */
const HOLD_SWEEP_MS = 60_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await database.migrate();
  if (config.SEED === 'demo') await runSeeds(database.db, DEMO_SEEDS);

  const app = await buildApp({
    config,
    database,
    widgetDist: config.WIDGET_DIST ?? WIDGET_DIST,
    logger: { level: config.LOG_LEVEL },
  });

  // Lapsed holds free their blocks and their appointments expire (DESIGN.md, Scheduling).
  const sweep = setInterval(() => {
    expireLapsedHolds(database.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'hold sweep failed'),
    );
  }, HOLD_SWEEP_MS);
  sweep.unref();

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
    try {
      await app.close();
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
