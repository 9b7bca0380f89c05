import * as ERRORS from '@visita/domain/contract/api-errors';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import { type CatalogueReader, createCatalogueReader } from './modules/catalogue/snapshot.ts';
import { type ChangeBus, createChangeBus } from './modules/changes/change-bus.ts';
import { forgetKeptClients } from './modules/clients/kept-clients.ts';
import { createRosterCache, type RosterCache } from './modules/scheduling/roster.ts';
import finalizeRoutes from './modules/appointments/finalize-routes.ts';
import lifecycleRoutes from './modules/appointments/lifecycle-routes.ts';
import manageRoutes from './modules/appointments/manage-routes.ts';
import adminRoutes from './modules/admin/routes.ts';
import partnerRoutes from './modules/admin/partner-routes.ts';
import consoleAuthRoutes from './modules/console/auth-routes.ts';
import { type Routing, straightLineRouting } from './adapters/routing/routing.ts';
import consoleAppointmentRoutes from './modules/appointments/console-routes.ts';
import consoleAgendaRoutes from './modules/scheduling/console-routes.ts';
import consoleNurseRoutes from './modules/scheduling/console-nurses-routes.ts';
import consoleOperatorRoutes from './modules/console/operator-routes.ts';
import consoleReportRoutes from './modules/reports/routes.ts';
import consoleMoneyRoutes from './modules/payments/console-money-routes.ts';
import consoleLeadRoutes from './modules/orders/console-leads-routes.ts';
import consolePriceRoutes from './modules/prices/console-prices-routes.ts';
import consoleCouponRoutes from './modules/coupons/console-coupons-routes.ts';
import consoleCatalogueRoutes from './modules/catalogue/console-catalogue-routes.ts';
import consoleCoverageRoutes from './modules/coverage/console-coverage-routes.ts';
import consolePartnerRoutes from './modules/admin/console-partners-routes.ts';
import appointmentsRoutes from './modules/appointments/routes.ts';
import catalogueRoutes from './modules/catalogue/routes.ts';
import clientsRoutes from './modules/clients/routes.ts';
import couponsRoutes from './modules/coupons/routes.ts';
import embedRoutes from './modules/embed/routes.ts';
import errorsRoutes from './modules/errors/routes.ts';
import coverageRoutes from './modules/coverage/routes.ts';
import fundRoutes from './modules/fund/routes.ts';
import geocodingRoutes from './modules/geocoding/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import metrics from './plugins/app/metrics.ts';
import itemPagesRoutes from './modules/item-pages/routes.ts';
import operativeRoutes from './modules/operative/routes.ts';
import ordersRoutes from './modules/orders/routes.ts';
import patientsRoutes from './modules/patients/routes.ts';
import paymentsRoutes from './modules/payments/routes.ts';
import pricingRoutes from './modules/pricing/routes.ts';
import schedulingRoutes from './modules/scheduling/routes.ts';
import usersRoutes from './modules/users/routes.ts';
import addressHeaders from './plugins/app/address-headers.ts';
import consoleSession from './plugins/app/console-session.ts';
import declaredRoutes from './plugins/app/declared-routes.ts';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS, serializeRequest } from './plugins/app/log-redaction.ts';
import errorHandler from './plugins/app/error-handler.ts';
import rateLimit from './plugins/app/rate-limit.ts';
import securityHeaders from './plugins/app/security-headers.ts';
import openapi from './plugins/external/openapi.ts';
import consoleApp from './plugins/external/console.ts';
import widget from './plugins/external/widget.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    config: Config;
    /** The catalogue as last read (modules/catalogue/snapshot.ts): search, listings and quotes. */
    catalogue: CatalogueReader;
    /** What changed, told to every instance on the database (modules/changes/change-bus.ts). */
    changes: ChangeBus;
    /** Who works when, per sector and skills, as this instance keeps it (modules/scheduling/roster.ts). */
    rosters: RosterCache;
    /** Distances between visits (the console's travel); straight lines unless an engine is set. */
    travel: Routing;
    /** What /api/health/ready reports beyond the database: set by server.ts, which runs them. */
    readiness: Readiness;
  }
}

/** The parts of a running server readiness asks after (modules/health/routes.ts). */
interface Readiness {
  /** A stop has begun: the load balancer should send no more requests. */
  shuttingDown: boolean;
  /** The outbox worker, when this process runs one (server.ts; not in API tests). */
  outbox: { alive(): boolean } | null;
  /** The migrations this database lacks. */
  pendingMigrations: () => Promise<string[]>;
  /** PostgreSQL's pool figures (null on the embedded database). */
  poolStats: (() => { total: number; idle: number; waiting: number }) | null;
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where the built widget is; omitted in API tests. */
  widgetDist?: string;
  /** Where the built operations console is; omitted in API tests. */
  consoleDist?: string;
  /** Where the built embed script is (default packages/embed/dist). */
  embedDir?: string;
  /** A stream, for tests that read what is logged. */
  logger?: boolean | { level: string; stream?: Writable };
}

/** Builds the whole server; server.ts listens with it and tests `inject` into it. */
// Validation messages reach people: zod speaks Spanish for every schema (set once).
z.config(z.locales.es());

/** The nearest `hops` proxies are believed (what proxy-addr does with a number, which Fastify's types omit). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({
  config,
  database,
  widgetDist,
  consoleDist,
  embedDir,
  logger = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Patient data (RUT, names, e-mail, phone, birth date) and tokens never reach the logs.
    logger: logger && {
      ...(logger === true ? {} : logger),
      redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR },
      serializers: { req: serializeRequest },
    },
    bodyLimit: 1024 * 1024,
    // The router refuses some requests before any handler runs (a path parameter over its
    // length, a bad URL encoding): answer those with the same {err, msg} as everything else.
    frameworkErrors: (_error, _request, reply) => {
      // Typed loosely by Fastify for this hook: no route, so no schema to type the reply by.
      void (reply as FastifyReply)
        .code(400)
        .send({ err: ERRORS.INVALID_URL.err, msg: ERRORS.INVALID_URL.msg });
    },
    // Behind a load balancer the client's address is in X-Forwarded-For, believed only from the
    // proxies TRUST_PROXY names.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // Bodies are UTF-8 JSON: another declared charset is refused before it is read as UTF-8 anyway.
  app.addHook('onRequest', async (request, reply) => {
    const charset = /;\s*charset="?([^";\s]+)/i
      .exec(request.headers['content-type'] ?? '')?.[1]
      ?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8')
      return reply.code(415).send({ err: ERRORS.NOT_UTF8.err, msg: ERRORS.NOT_UTF8.msg });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  const changes = await createChangeBus(database);
  app.addHook('onClose', () => changes.close());
  app.decorate('changes', changes);
  app.decorate('catalogue', createCatalogueReader(database.db, config.CATALOGUE_CACHE_MS, changes));
  const rosters = createRosterCache(config.ROSTER_CACHE_MS);
  const stopRosters = changes.subscribe((change) => {
    if (change.topic === 'roster' || change.topic === 'everything') rosters.invalidate();
  });
  app.addHook('onClose', async () => stopRosters());
  const stopClients = changes.subscribe((change) => {
    if (change.topic === 'client') forgetKeptClients(database.db, change.clientId);
    else if (change.topic === 'everything') forgetKeptClients(database.db, null);
  });
  app.addHook('onClose', async () => stopClients());
  app.decorate('rosters', rosters);
  app.decorate('travel', straightLineRouting);
  app.decorate('readiness', {
    shuttingDown: false,
    outbox: null,
    pendingMigrations: () => database.pendingMigrations(),
    poolStats: database.poolStats ?? null,
  } satisfies Readiness);

  // Tier 1: the outside world's plugins.
  await app.register(openapi);
  // Tier 2: the application's own cross-cutting behaviour.
  await app.register(declaredRoutes);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(addressHeaders);
  await app.register(rateLimit);
  await app.register(metrics);
  await app.register(consoleSession);
  // Tier 3: the routes, one module per bounded context, all under /api.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(clientsRoutes);
      await api.register(embedRoutes);
      await api.register(geocodingRoutes);
      await api.register(coverageRoutes);
      await api.register(catalogueRoutes);
      await api.register(pricingRoutes);
      await api.register(couponsRoutes);
      await api.register(operativeRoutes);
      await api.register(appointmentsRoutes);
      await api.register(patientsRoutes);
      await api.register(schedulingRoutes);
      await api.register(usersRoutes);
      await api.register(fundRoutes);
      await api.register(finalizeRoutes);
      await api.register(lifecycleRoutes);
      await api.register(manageRoutes);
      await api.register(adminRoutes);
      await api.register(partnerRoutes);
      await api.register(consoleAuthRoutes);
      await api.register(consoleAgendaRoutes);
      await api.register(consoleNurseRoutes);
      await api.register(consoleAppointmentRoutes);
      await api.register(consoleOperatorRoutes);
      await api.register(consoleReportRoutes);
      await api.register(consoleMoneyRoutes);
      await api.register(consoleLeadRoutes);
      await api.register(consolePriceRoutes);
      await api.register(consoleCouponRoutes);
      await api.register(consoleCatalogueRoutes);
      await api.register(consoleCoverageRoutes);
      await api.register(consolePartnerRoutes);
      await api.register(paymentsRoutes);
      await api.register(ordersRoutes);
      await api.register(errorsRoutes);
    },
    { prefix: '/api' },
  );
  // The catalogue's pages for people, outside /api: the widget's 'Más información' links.
  await app.register(itemPagesRoutes);
  if (widgetDist) await app.register(widget, { distDir: widgetDist, ...(embedDir ? { embedDir } : {}) });
  // /console is the console's, not a client called 'console' (a static route beats /:clientId).
  if (consoleDist) await app.register(consoleApp, { distDir: consoleDist });
  await app.ready();
  return app;
}
