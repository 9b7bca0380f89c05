// `npm run bench`: PostgreSQL-backed Visita with a generated catalogue, loaded from this process.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { generateCatalogue } from './lib/dataset.ts';
import { scheduleContention } from './lib/contention.ts';
import { generateSchedulingDataset } from './lib/scheduling-dataset.ts';
import { type LoadResult, measure } from './lib/load.ts';
import { measureAtRate } from './lib/open-loop.ts';
import { startPostgres } from './lib/postgres.ts';
import { startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CATALOGUE_SIZE = 5000;

/** Goals from the issues; a row without one is informative only. */
const GOALS: Record<string, { rps?: number; p99Ms?: number }> = {
  'sdk-config': { rps: 5000 },
  search: { rps: 2000, p99Ms: 30 },
  'cart-price': { rps: 2000 },
  'time-availability @ 600 req/s': { rps: 500, p99Ms: 50 },
};

/**
 * What people type into the exam search: every prefix (from 2 letters) of common exam names, as
 * a typeahead sends them: several hundred distinct queries.
 */
const TYPED = [
  'hemograma',
  'glicemia',
  'perfil lipidico',
  'perfil bioquimico',
  'vitamina d',
  'vitamina b12',
  'colesterol',
  'trigliceridos',
  'creatinina',
  'acido urico',
  'ferritina',
  'insulina',
  'hemoglobina glicosilada',
  'tsh',
  't4 libre',
  'orina completa',
  'urocultivo',
  'proteina c reactiva',
  'transaminasas',
  'bilirrubina',
  'cortisol',
  'prolactina',
  'testosterona',
  'estradiol',
  'antigeno',
  'vacuna influenza',
  'chequeo preventivo',
  'magnesio',
];
const SEARCHES = [
  ...new Set(
    TYPED.flatMap((name) => Array.from({ length: name.length - 1 }, (_, i) => name.slice(0, i + 2).trim())),
  ),
];

function table(results: LoadResult[]): string {
  const header = '| scenario | requests/s | p50 ms | p99 ms | requests | non-2xx | errors | goal | met |';
  const rows = results.map((r) => {
    const goal = GOALS[r.name];
    const goalText = goal
      ? [goal.rps ? `≥ ${goal.rps} req/s` : '', goal.p99Ms ? `p99 ≤ ${goal.p99Ms} ms` : '']
          .filter(Boolean)
          .join(', ')
      : '';
    const met = goal
      ? (goal.rps === undefined || r.requestsPerSecond >= goal.rps) &&
        (goal.p99Ms === undefined || r.p99Ms <= goal.p99Ms) &&
        r.non2xx === 0 &&
        r.errors === 0
      : true;
    return `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${goalText} | ${goal ? (met ? 'yes' : 'no') : ''} |`;
  });
  return [header, '|---|---:|---:|---:|---:|---:|---:|---|---|', ...rows].join('\n');
}

async function main() {
  const postgres = startPostgres();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(postgres.url, Number(process.env.BENCH_PORT ?? 4400));
    const ids = await generateCatalogue(postgres.url, CATALOGUE_SIZE);
    const sample = (n: number, offset: number) => ids.slice(offset, offset + n);
    const results: LoadResult[] = [];

    results.push(
      await measure('sdk-config', server.url, [{ path: '/api/alliances/clients/sdk-config/?id=demo' }], {
        seconds: SECONDS,
      }),
    );
    results.push(
      await measure(
        'search',
        server.url,
        SEARCHES.map((query) => ({
          path: `/api/v2/search/client/?query=${encodeURIComponent(query)}&country=Chile&commune=Las%20Condes&source=marketplace`,
        })),
        { seconds: SECONDS },
      ),
    );
    results.push(
      await measure(
        'cart-price',
        server.url,
        [
          {
            method: 'POST',
            path: '/api/v2/cart-price/',
            body: {
              country: 'cl',
              locality: 'Las Condes',
              source: 'marketplace',
              coupon_code: 'BIENVENIDA10',
              patients: [
                { is_fonasa: false, items: sample(4, 0), packs: [] },
                { is_fonasa: true, items: sample(3, 10), packs: [] },
                { is_fonasa: false, items: sample(3, 20), packs: [] },
              ],
            },
          },
        ],
        { seconds: SECONDS },
      ),
    );

    console.info(`search: ${SEARCHES.length} distinct queries`);
    const scheduling = await generateSchedulingDataset(postgres.url, { nurses: 200, visits: 20_000 });
    const availabilityRequest = [
      {
        path: `/api/v2/time-availability/?appointment_id=${scheduling.appointment.id}&locality=Las%20Condes&country=cl&include_source_only=true`,
        headers: { 'x-appointment-token': scheduling.appointment.token },
      },
    ];
    // The goal is a latency at a load: measured at 600 requests/s offered, and flat out for reference.
    results.push(
      await measureAtRate('time-availability @ 600 req/s', server.url, availabilityRequest, {
        seconds: SECONDS,
        rate: 600,
      }),
    );
    results.push(
      await measure('time-availability (flat out)', server.url, availabilityRequest, { seconds: SECONDS }),
    );
    const contention = await scheduleContention(server.url, postgres.url, { requests: 200 });
    console.info(
      `schedule contention: ${contention.requests} concurrent holds on one block with ${contention.freeNurses} free nurses: ${contention.succeeded} held, ${contention.refused} refused (409), ${contention.other} other; invariant ${contention.invariantKept ? 'kept' : 'BROKEN'}`,
    );

    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${postgres.version}`;
    const text = `${table(results)}\n\nSchedule under contention: ${contention.requests} concurrent holds on one block with ${contention.freeNurses} free nurses: ${contention.succeeded} held, ${contention.refused} refused with 409, ${contention.other} other answers; one visit per nurse per block ${contention.invariantKept ? 'kept' : 'BROKEN'}.`;
    console.info(`\n${text}\n\n${machine}`);
    writeFileSync(
      new URL('./RESULTS.md', import.meta.url),
      `# Benchmark results\n\nRun: ${new Date().toISOString().slice(0, 10)} on ${machine}.\n` +
        `Dataset: the demo seed plus ${CATALOGUE_SIZE} generated catalogue items, and 200 nurses with 20,000 booked visits in one sector (time-availability); search cycles through ${SEARCHES.length} distinct typeahead queries; ${SECONDS} s per scenario after a 2 s warm-up, 32 connections, autocannon in a separate process from the server.\n\n${text}\n`,
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
