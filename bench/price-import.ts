// The price import's scenario alone (`npm run bench:price-import -w @visita/bench`), in about two
// minutes instead of the whole run's ten: the same datasets, server and rows as `npm run bench`'s
// "during price imports" rows, each measured first without the imports for comparison, and the
// server's event-loop delay over each phase. Prints its figures and writes nothing; RESULTS.md's
// figures come from the whole run.
import { cpus, loadavg } from 'node:os';
import { consoleCookie, searchRequests } from './lib/console.ts';
import { generateCatalogue } from './lib/dataset.ts';
import { measureAtRate } from './lib/open-loop.ts';
import { allImports, duringImports, priceImportText } from './lib/price-import.ts';
import { startPostgres } from './lib/postgres.ts';
import {
  appointmentsIn,
  availabilityRequests,
  cartsBySkills,
  generateSectors,
  scaleSectorSpecs,
} from './lib/sector-dataset.ts';
import { type RunningServer, startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** As in run.ts: the larger scale's sectors, and the 5,000 generated catalogue items. */
const SCALE = { sectors: 20, nursesPerSector: 100, visitsPerNurse: 100, rate: 300 };
const CATALOGUE = 5000;
/** As in run.ts: one operator's imports pause this long after each call. */
const IMPORT_PAUSE_MS = 250;
const METRICS_TOKEN = 'bench-metrics-token-7c1f9a2e4b6d8f0a3c5e7b9d1f3a5c7e';

/**
 * The server's event-loop delay since the last scrape (prom-client resets its monitor on each):
 * the longest wait and the p99, in ms. What an import holds the loop for shows here.
 */
async function loopDelay(baseUrl: string): Promise<{ maxMs: number; p99Ms: number }> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const read = (metric: string) =>
    Math.round(Number(new RegExp(`^${metric} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN) * 1000);
  return { maxMs: read('nodejs_eventloop_lag_max_seconds'), p99Ms: read('nodejs_eventloop_lag_p99_seconds') };
}

async function main() {
  const postgres = startPostgres(Number(process.env.BENCH_PG_PORT ?? 55460));
  const port = Number(process.env.BENCH_PORT ?? 4400);
  let server: RunningServer | undefined;
  try {
    server = await startServer(postgres.socketUrl, port);
    await generateCatalogue(postgres.url, CATALOGUE);
    const sectors = await generateSectors(
      postgres.url,
      scaleSectorSpecs(SCALE.sectors, SCALE.nursesPerSector, SCALE.visitsPerNurse),
      { varied: true },
    );
    const carts = await cartsBySkills(postgres.url);
    const appointments = await appointmentsIn(postgres.url, sectors, carts.length);
    await server.stop();
    // BENCH_PROFILE_DIR=<folder>: the server writes a CPU profile there when it stops.
    const profile = process.env.BENCH_PROFILE_DIR;
    server = await startServer(
      postgres.socketUrl,
      port,
      { AVAILABILITY_CACHE_MS: '0', METRICS_TOKEN },
      profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    );
    const url = server.url;
    const scaleRequests = availabilityRequests(sectors, carts, appointments);
    const cookie = await consoleCookie(postgres.url);
    const searches = await searchRequests(postgres.url, sectors, cookie);
    const timing = { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
    // Each row as its goal is stated, alone at its rate: first without imports, then with them.
    await loopDelay(url);
    const scaleAlone = await measureAtRate('availability alone', url, scaleRequests, {
      ...timing,
      rate: SCALE.rate,
    });
    const searchAlone = await measureAtRate('search alone', url, searches, { ...timing, rate: 50 });
    const loopAlone = await loopDelay(url);
    const importRows = async (pauseMs: number, label: string) => {
      const importing = { rows: CATALOGUE, seconds: WARMUP_SECONDS + SECONDS, pauseMs };
      const [scale, scaleImports] = await duringImports(url, postgres.url, cookie, importing, (samples) =>
        measureAtRate(`availability during imports ${label}`, url, scaleRequests, {
          ...timing,
          rate: SCALE.rate,
          samples,
        }),
      );
      const [search, searchImports] = await duringImports(url, postgres.url, cookie, importing, (samples) =>
        measureAtRate(`search during imports ${label}`, url, searches, { ...timing, rate: 50, samples }),
      );
      return { scale, search, imports: allImports([scaleImports, searchImports]) };
    };
    const paced = await importRows(IMPORT_PAUSE_MS, `(${IMPORT_PAUSE_MS} ms after each call)`);
    const loopDuring = await loopDelay(url);
    const backToBack = await importRows(0, '(back to back)');
    console.info(`\n${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}`);
    for (const row of [
      scaleAlone,
      searchAlone,
      paced.scale,
      paced.search,
      backToBack.scale,
      backToBack.search,
    ])
      console.info(`${row.name}: p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms over ${row.requests} requests`);
    for (const [phase, delay] of [
      ['alone', loopAlone],
      ['during paced imports', loopDuring],
    ] as const)
      console.info(`server's event-loop delay ${phase}: p99 ${delay.p99Ms} ms, longest ${delay.maxMs} ms`);
    for (const { imports, scale, search } of [paced, backToBack])
      console.info(
        priceImportText(imports, [
          `availability p99 ${scale.p99Ms} ms at ${SCALE.rate} req/s`,
          `search p99 ${search.p99Ms} ms at 50 req/s`,
        ]),
      );
  } finally {
    await server?.stop();
    postgres.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
