import { pathFor } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
// `npm run bench`: PostgreSQL-backed Visita with the issue's generated dataset, loaded from this
// process (the server runs in its own). BENCH_QUICK=1 for a short run while developing: it prints
// the table and writes nothing unless BENCH_OUT_DIR names a folder. bench/README.md has the rest.
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { type BookingResult, measureBookings } from './lib/booking.ts';
import { generateClients } from './lib/clients.ts';
import { type ContentionResult, scheduleContention } from './lib/contention.ts';
import { generateCatalogue } from './lib/dataset.ts';
import { type ApiRun, appendHistory, gitCommit, gitDirty, writeTrend } from './lib/history.ts';
import {
  agendaRequests,
  consoleCookie,
  searchRequests,
  type TravelSaving,
  travelSaving,
} from './lib/console.ts';
import { type LoadResult, measure } from './lib/load.ts';
import { measureAtRate } from './lib/open-loop.ts';
import { allImports, duringImports, priceImportText } from './lib/price-import.ts';
import {
  type ConfirmationEmailResult,
  confirmationToEmail,
  measureOutboxDelivery,
  type OutboxDeliveryResult,
} from './lib/outbox.ts';
import { startPostgres } from './lib/postgres.ts';
import { writeSection } from './lib/results-file.ts';
import { writeScale } from './lib/scale-chart.ts';
import { generateSchedulingDataset } from './lib/scheduling-dataset.ts';
import {
  appointmentsIn,
  availabilityRequests,
  cartsBySkills,
  generateSectors,
  scaleSectorSpecs,
} from './lib/sector-dataset.ts';
import { type RunningServer, startServer } from './lib/server.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';
import { measureSweep, type SweepPoint } from './lib/sweep.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const WARMUP_SECONDS = QUICK ? 1 : 2;
const CONNECTIONS = 32;
/** The issue's dataset (10): always full size, quick or not; it loads in seconds. */
const DATASET = { catalogue: 5000, nurses: 200, visits: 20_000, clients: 50 };
/** The larger scale: sectors of their own, each with this roster and these visits over the month. */
const SCALE = { sectors: 20, nursesPerSector: 100, visitsPerNurse: 100, carts: 5, rate: 300 };
/** The sweep over sector sizes: one sector each, 100 visits per nurse like Las Condes. */
const SWEEP = { nurses: [25, 50, 100, 200, 400, 800], visitsPerNurse: 100, rate: 50, seconds: QUICK ? 2 : 4 };
/** The cache the API runs with by default (AVAILABILITY_CACHE_MS), named in the cached rows. */
const CACHED = ', cached (2 s)';
const UNCACHED = ', uncached';
const TWO_WORKERS = ' (2 workers)';
/** Customers booking at once, each starting a new booking when the last one is paid. */
const BOOKING_CUSTOMERS = Number(process.env.BENCH_BOOKING_CUSTOMERS ?? 16);
const CONTENTION_REQUESTS = QUICK ? 50 : 200;
/** E-mail events written at once for the outbox delivery row. */
const OUTBOX_EVENTS = Number(process.env.BENCH_OUTBOX_EVENTS ?? (QUICK ? 300 : 2000));
const OUT_DIR = process.env.BENCH_OUT_DIR
  ? new URL(`file://${process.env.BENCH_OUT_DIR.replace(/\/?$/, '/')}`)
  : QUICK
    ? undefined
    : new URL('./', import.meta.url);

const ROW = {
  cachedAtRate: `time-availability @ 600 req/s${CACHED}`,
  cachedFlat: `time-availability (flat out)${CACHED}`,
  uncachedFlat: `time-availability (flat out)${UNCACHED}`,
  uncachedAtRate: `time-availability @ 500 req/s${UNCACHED}`,
  scale: `time-availability, ${SCALE.sectors} sectors @ ${SCALE.rate} req/s${UNCACHED}`,
  uncachedFlatTwo: `time-availability (flat out)${UNCACHED}${TWO_WORKERS}`,
  booking: 'whole booking (create → pay)',
  bookingTwo: `whole booking (create → pay)${TWO_WORKERS}`,
  bookingTcp: 'whole booking (create → pay), PostgreSQL over TCP',
  consoleAgenda: `console agenda, one sector-day of ${SCALE.nursesPerSector} nurses @ 50 req/s`,
  consoleSearch: `console appointment search over the ${SCALE.sectors} sectors' visits @ 50 req/s`,
  scaleDuringImport: `time-availability, ${SCALE.sectors} sectors @ ${SCALE.rate} req/s${UNCACHED}, during price imports`,
  searchDuringImport: `console appointment search @ 50 req/s, during price imports`,
  scaleDuringImportsBackToBack: `time-availability, ${SCALE.sectors} sectors @ ${SCALE.rate} req/s${UNCACHED}, during price imports back to back`,
  searchDuringImportsBackToBack: `console appointment search @ 50 req/s, during price imports back to back`,
};
/** The console's price import: rows per CSV (one per generated catalogue item). */
const PRICE_IMPORT_ROWS = 5000;
/** One operator's imports: this pause after each review and each apply. */
const IMPORT_PAUSE_MS = 250;

/** Goals from the issues; a row without one is informative only. */
const GOALS: Record<string, { rps?: number; p99Ms?: number }> = {
  'sdk-config': { rps: 5000 },
  search: { rps: 2000, p99Ms: 30 },
  'cart-price': { rps: 2000 },
  [ROW.cachedAtRate]: { rps: 500, p99Ms: 50 },
  [ROW.uncachedFlat]: { rps: 1000 },
  [ROW.uncachedAtRate]: { p99Ms: 20 },
  [ROW.scale]: { p99Ms: 50 },
  [ROW.consoleAgenda]: { p99Ms: 50 },
  [ROW.consoleSearch]: { p99Ms: 50 },
  [ROW.scaleDuringImport]: { p99Ms: 50 },
  [ROW.searchDuringImport]: { p99Ms: 50 },
};
/** The whole booking's goal: bookings paid per second with 16 customers, and every call's p99. */
const BOOKING_GOAL = { bookingsPerSecond: 100, stepP99Ms: 100 };

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

function goalText(name: string): string {
  const goal = GOALS[name];
  if (!goal) return '';
  return [goal.rps ? `≥ ${goal.rps} req/s` : '', goal.p99Ms ? `p99 ≤ ${goal.p99Ms} ms` : '']
    .filter(Boolean)
    .join(', ');
}

function bookingMet(booking: BookingResult): boolean {
  return (
    booking.customers === 16 &&
    booking.bookingsPerSecond >= BOOKING_GOAL.bookingsPerSecond &&
    booking.failed === 0 &&
    booking.steps.every((step) => step.p99Ms <= BOOKING_GOAL.stepP99Ms)
  );
}

function bookingRow(booking: BookingResult): string {
  const goal = `≥ ${BOOKING_GOAL.bookingsPerSecond} bookings/s with 16 customers, each call's p99 ≤ ${BOOKING_GOAL.stepP99Ms} ms`;
  return `| ${booking.name} | ${booking.bookingsPerSecond} bookings/s | ${booking.p50Ms} | ${booking.p99Ms} | ${booking.bookings} bookings | ${booking.failed} failed |  | ${goal} | ${bookingMet(booking) ? 'yes' : 'no'} |`;
}

function table(
  results: LoadResult[],
  bookings: BookingResult[],
  mail: ConfirmationEmailResult,
  outbox: OutboxDeliveryResult,
): string {
  const header = '| scenario | requests/s | p50 ms | p99 ms | requests | non-2xx | errors | goal | met |';
  const rows = results.map((r) => {
    const goal = GOALS[r.name];
    const met = goal
      ? (goal.rps === undefined || r.requestsPerSecond >= goal.rps) &&
        (goal.p99Ms === undefined || r.p99Ms <= goal.p99Ms) &&
        r.non2xx === 0 &&
        r.errors === 0
      : true;
    // A p99 reached by requests abandoned at the timeout is only a lower bound.
    const p99 = r.timeouts && r.timeoutMs !== undefined && r.p99Ms >= r.timeoutMs ? `≥ ${r.p99Ms}` : r.p99Ms;
    return `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${p99} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${goalText(r.name)} | ${goal ? (met ? 'yes' : 'no') : ''} |`;
  });
  rows.push(
    ...bookings.map(bookingRow),
    `| ${mail.name} |  | ${mail.p50Ms} | ${mail.p99Ms} | ${mail.delivered} e-mails | ${mail.confirmed - mail.delivered} not delivered |  |  |  |`,
    `| ${outbox.name} | ${outbox.eventsPerSecond} events/s |  |  | ${outbox.delivered} events | ${outbox.events - outbox.delivered} not delivered |  |  |  |`,
  );
  return [header, '|---|---:|---:|---:|---:|---:|---:|---|---|', ...rows].join('\n');
}

function bookingText(booking: BookingResult): string {
  const steps = booking.steps.map((step) => `${step.step} ${step.p50Ms}/${step.p99Ms}`).join(', ');
  return (
    `${booking.name[0]?.toUpperCase()}${booking.name.slice(1)}: ${booking.customers} customers at once, each booking again as soon as its last one is paid; ` +
    `${booking.bookings} bookings paid (approved) in ${SECONDS} s, ${booking.failed} failed, ` +
    `${booking.conflicts} holds refused because another customer had just taken the block (another block was then held). ` +
    `Per call, p50/p99 ms: ${steps}.` +
    (booking.firstError ? ` First failure: ${booking.firstError}.` : '')
  );
}

function mailText(mail: ConfirmationEmailResult, outbox: OutboxDeliveryResult): string {
  // What the delay is made of: the worker sleeps 1 s after a pass that claimed less than a full
  // batch, and delivers one e-mail at a time; the backlog at the end tells which one dominated.
  const backlogSeconds = outbox.eventsPerSecond > 0 ? mail.backlogAtEnd / outbox.eventsPerSecond : 0;
  const finding =
    backlogSeconds > 1
      ? `The worker fell behind: the backlog at the end was ${backlogSeconds.toFixed(1)} s of its pace without load, so the delay is mostly e-mails queued behind others (one delivered at a time, during the load more slowly still), not the 1 s idle poll.`
      : `The worker kept up (the backlog at the end was under 1 s of its pace without load): the delay is mostly its idle poll (after a pass that claimed less than a full batch of 20 it sleeps 1 s, so an e-mail written meanwhile waits up to 1 s) plus the delivery itself.`;
  return (
    `Confirmation to e-mail: for each of the ${mail.confirmed} bookings paid in the measured seconds, from its payment's approved answer to the arrival of its confirmation e-mail at an SMTP server in the bench process (MAIL=smtp; the server's own outbox worker delivers). ` +
    `${mail.delivered} arrived, ${mail.deliveredDuringLoad} of them while the customers were still booking; p50 ${mail.p50Ms} ms, p99 ${mail.p99Ms} ms, max ${mail.maxMs} ms; when the scenario ended ${mail.backlogAtEnd} e-mails were waiting in the outbox, and the last arrived ${mail.drainMs} ms later. ` +
    `Outbox delivery: ${outbox.events.toLocaleString('en-US')} confirmation e-mail events written in one transaction for the bookings paid above, delivered by the server's worker (one instance: batches of 40, eight deliveries at a time over a pool of five SMTP connections) with no other load: the first arrived ${outbox.firstMs} ms after the commit, the last ${outbox.totalMs} ms after it. ` +
    finding
  );
}

function travelText(travel: TravelSaving): string {
  const km = (meters: number) =>
    `${(meters / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} km`;
  const saved = travel.meters > 0 ? ((travel.meters - travel.plannedMeters) / travel.meters) * 100 : 0;
  return `Travel saved by the day's reassignment (console, GET /api/console/agenda/route): over ${travel.sectorDays} sector-days of the scale dataset (the next ${travel.sectorDays / SCALE.sectors} days of its ${SCALE.sectors} sectors, ${travel.visits.toLocaleString('en-US')} visits with their addresses spread over about 11 km), the nurses' straight-line legs between consecutive visits add up to ${km(travel.meters)}; the proposed reassignment (${travel.moves.toLocaleString('en-US')} visits to another nurse in the same block, no time moved) to ${km(travel.plannedMeters)}: ${saved.toFixed(1)} % less. The slowest of these answers (the plan computed on the call) took ${travel.maxMs} ms.`;
}

function contentionText(contention: ContentionResult): string {
  return `Schedule under contention: ${contention.requests} concurrent holds on one block with ${contention.freeNurses} free nurses: ${contention.succeeded} held, ${contention.refused} refused with 409, ${contention.other} other answers; one visit per nurse per block ${contention.invariantKept ? 'kept' : 'BROKEN'}.`;
}

/** A server the run started: what it was for, its start-up, and its memory after its load. */
interface ServerFigures {
  name: string;
  workers: number;
  cacheMs: number;
  startupMs: number;
  mainRssMb: number;
  workerRssMb: number[];
}

function serverTable(servers: ServerFigures[]): string {
  const rows = servers.map((server) => {
    const memory =
      server.workers > 1
        ? `primary ${server.mainRssMb}; workers ${server.workerRssMb.join(', ')}`
        : String(server.mainRssMb);
    return `| ${server.name} | ${server.workers} | ${server.cacheMs === 0 ? 'off (0)' : `${server.cacheMs} ms`} | ${server.startupMs} | ${memory} |`;
  });
  return [
    '| server, measured for | workers | availability cache | start-up ms (spawn → first healthy answer) | resident memory MB after its load (VmRSS) |',
    '|---|---:|---|---:|---|',
    ...rows,
  ].join('\n');
}

function sweepTable(points: SweepPoint[]): string {
  return [
    `| nurses in the sector | visits over the month | requests/s flat out | p99 ms flat out | p50 ms @ ${SWEEP.rate} req/s | p99 ms @ ${SWEEP.rate} req/s | failed |`,
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...points.map(
      (p) =>
        `| ${p.nurses} | ${p.visits.toLocaleString('en-US')} | ${p.requestsPerSecond} | ${p.flatP99Ms} | ${p.p50Ms} | ${p.p99Ms} | ${p.failures} |`,
    ),
  ].join('\n');
}

async function main() {
  const postgres = startPostgres(Number(process.env.BENCH_PG_PORT ?? 55460));
  const port = Number(process.env.BENCH_PORT ?? 4400);
  let server: RunningServer | undefined;
  // Booking e-mails go to this process, timed on arrival (the outbox rows below).
  const sink = await startSmtpSink();
  const mailEnv = { MAIL: 'smtp', SMTP_URL: sink.url };
  const servers: ServerFigures[] = [];
  /** Starts the server for the next rows (the last one stopped first), noting its start-up. */
  const restart = async (name: string, { workers = 1, cacheMs = 2000, overTcp = false } = {}) => {
    await server?.stop();
    server = undefined;
    const env: Record<string, string> = { ...mailEnv, AVAILABILITY_CACHE_MS: String(cacheMs) };
    // The bench always passes DATABASE_URL (its PostgreSQL), which the cluster requires.
    if (workers > 1) env.WEB_CONCURRENCY = String(workers);
    const started = await startServer(overTcp ? postgres.url : postgres.socketUrl, port, env);
    server = started;
    const figures: ServerFigures = {
      name,
      workers,
      cacheMs,
      startupMs: started.startupMs,
      mainRssMb: 0,
      workerRssMb: [],
    };
    servers.push(figures);
    console.info(
      `server (${name}): ${workers} worker(s), cache ${cacheMs} ms, healthy ${started.startupMs} ms after spawn`,
    );
    return {
      url: started.url,
      /** Memory after its load, read before it stops. */
      noteMemory: () => {
        const memory = started.memory();
        figures.mainRssMb = memory.mainRssMb;
        figures.workerRssMb = memory.workerRssMb;
      },
    };
  };
  try {
    // The first start migrates and seeds the demo; the datasets are added to it, then the server
    // starts again so that it serves the whole dataset from its first request (its caches were
    // filled with the demo alone).
    server = await startServer(postgres.socketUrl, port, mailEnv);
    const ids = await generateCatalogue(postgres.url, DATASET.catalogue);
    const clients = await generateClients(postgres.url, DATASET.clients);
    const scheduling = await generateSchedulingDataset(postgres.url, {
      nurses: DATASET.nurses,
      visits: DATASET.visits,
    });
    let loading = performance.now();
    const scaleSectors = await generateSectors(
      postgres.url,
      scaleSectorSpecs(SCALE.sectors, SCALE.nursesPerSector, SCALE.visitsPerNurse),
      { varied: true },
    );
    const scaleVisits = scaleSectors.reduce((sum, sector) => sum + sector.visits, 0);
    console.info(
      `scale dataset: ${scaleSectors.length} sectors, ${scaleSectors.length * SCALE.nursesPerSector} nurses, ${scaleVisits} visits in ${Math.round(performance.now() - loading)} ms`,
    );
    loading = performance.now();
    const sweepSectors = await generateSectors(
      postgres.url,
      SWEEP.nurses.map((nurses) => ({
        name: `Bench barrido ${nurses}`,
        nurses,
        visitsPerNurse: SWEEP.visitsPerNurse,
      })),
      { varied: false },
    );
    console.info(
      `sweep dataset: ${sweepSectors.map((s) => `${s.nurses} nurses/${s.visits} visits`).join(', ')} in ${Math.round(performance.now() - loading)} ms`,
    );
    const carts = await cartsBySkills(postgres.url);
    const scaleAppointments = await appointmentsIn(postgres.url, scaleSectors, carts.length);
    const sweepAppointments = await appointmentsIn(postgres.url, sweepSectors, 1);

    const sample = (n: number, offset: number) => ids.slice(offset, offset + n);
    const timing = { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
    const results: LoadResult[] = [];

    // ---- One worker, the default 2 s availability cache ----
    let current = await restart('cached rows, whole booking, e-mail');
    results.push(
      await measure(
        'sdk-config',
        current.url,
        clients.ids.map((id) => ({ path: `${pathFor(ENDPOINTS.sdkConfig)}?id=${id}` })),
        { ...timing, connections: CONNECTIONS },
      ),
    );
    results.push(
      await measure(
        'search',
        current.url,
        SEARCHES.map((query) => ({
          path: `${pathFor(ENDPOINTS.searchCatalogue)}?query=${encodeURIComponent(query)}&country=Chile&commune=Las%20Condes&source=marketplace`,
        })),
        { ...timing, connections: CONNECTIONS },
      ),
    );
    results.push(
      await measure(
        'cart-price',
        current.url,
        [
          {
            method: 'POST',
            path: pathFor(ENDPOINTS.cartPrice),
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
        { ...timing, connections: CONNECTIONS },
      ),
    );
    console.info(`search: ${SEARCHES.length} distinct queries`);

    const availabilityRequest = [
      {
        path: `${pathFor(ENDPOINTS.availability)}?appointment_id=${scheduling.appointment.id}&country=cl`,
        headers: { 'x-appointment-token': scheduling.appointment.token },
      },
    ];
    // The goal is a latency at a load: measured at 600 requests/s offered, and flat out for reference.
    results.push(
      await measureAtRate(ROW.cachedAtRate, current.url, availabilityRequest, { ...timing, rate: 600 }),
    );
    results.push(
      await measure(ROW.cachedFlat, current.url, availabilityRequest, {
        ...timing,
        connections: CONNECTIONS,
      }),
    );
    // After time-availability: the bookings add visits to the sector it reads.
    const booking = await measureBookings(ROW.booking, current.url, {
      ...timing,
      customers: BOOKING_CUSTOMERS,
      clientIds: clients.chilean,
    });
    const mail = await confirmationToEmail(
      'confirmation → e-mail (during whole booking)',
      postgres.url,
      sink,
      booking.confirmations,
      { scenarioEnd: Date.now(), timeoutMs: 60_000 },
    );
    const contention = await scheduleContention(current.url, postgres.url, { requests: CONTENTION_REQUESTS });
    // Last on this server: its backlog would otherwise delay the e-mails of anything measured after it.
    const outbox = await measureOutboxDelivery(
      `outbox delivery (${OUTBOX_EVENTS} e-mails)`,
      postgres.url,
      sink,
      {
        count: OUTBOX_EVENTS,
        appointmentIds: booking.confirmations.map((c) => c.appointmentId),
        timeoutMs: 600_000,
      },
    );
    current.noteMemory();

    // ---- One worker, every availability answer computed (AVAILABILITY_CACHE_MS=0) ----
    current = await restart('uncached rows, the scale, the sweep', { cacheMs: 0 });
    results.push(
      await measure(ROW.uncachedFlat, current.url, availabilityRequest, {
        ...timing,
        connections: CONNECTIONS,
      }),
    );
    results.push(
      await measureAtRate(ROW.uncachedAtRate, current.url, availabilityRequest, { ...timing, rate: 500 }),
    );
    const scaleRequests = availabilityRequests(scaleSectors, carts, scaleAppointments);
    results.push(await measureAtRate(ROW.scale, current.url, scaleRequests, { ...timing, rate: SCALE.rate }));
    const sweep = await measureSweep(
      current.url,
      sweepSectors.map((sector, i) => ({
        sector,
        appointment: sweepAppointments[i]?.[0] ?? { id: '', token: '' },
      })),
      { seconds: SWEEP.seconds, rate: SWEEP.rate, connections: CONNECTIONS, items: carts[0]?.items ?? [] },
    );
    // The console over the scale dataset: a sector-day's agenda, the appointment search, the travel.
    const cookie = await consoleCookie(postgres.url);
    results.push(
      await measureAtRate(ROW.consoleAgenda, current.url, agendaRequests(scaleSectors, cookie), {
        ...timing,
        rate: 50,
      }),
    );
    results.push(
      await measureAtRate(
        ROW.consoleSearch,
        current.url,
        await searchRequests(postgres.url, scaleSectors, cookie),
        { ...timing, rate: 50 },
      ),
    );
    const travel = await travelSaving(current.url, scaleSectors, cookie);
    // The price import of 5,000 rows, again and again while availability and search are asked.
    const searchList = await searchRequests(postgres.url, scaleSectors, cookie);
    // One operator importing again and again (the goal rows), then imports back to back (a stress
    // with no goal: the faster an import, the more of them a second, always a core's worth).
    const importRows = async (pauseMs: number, names: { scale: string; search: string }) => {
      const importing = { rows: PRICE_IMPORT_ROWS, seconds: WARMUP_SECONDS + SECONDS, pauseMs };
      const [scale, scaleImports] = await duringImports(
        current.url,
        postgres.url,
        cookie,
        importing,
        (samples) =>
          measureAtRate(names.scale, current.url, scaleRequests, { ...timing, rate: SCALE.rate, samples }),
      );
      const [search, searchImports] = await duringImports(
        current.url,
        postgres.url,
        cookie,
        importing,
        (samples) => measureAtRate(names.search, current.url, searchList, { ...timing, rate: 50, samples }),
      );
      return { scale, search, imports: allImports([scaleImports, searchImports]) };
    };
    const paced = await importRows(IMPORT_PAUSE_MS, {
      scale: ROW.scaleDuringImport,
      search: ROW.searchDuringImport,
    });
    const backToBack = await importRows(0, {
      scale: ROW.scaleDuringImportsBackToBack,
      search: ROW.searchDuringImportsBackToBack,
    });
    results.push(paced.scale, paced.search, backToBack.scale, backToBack.search);
    current.noteMemory();

    // ---- Two workers (WEB_CONCURRENCY=2) on one port ----
    current = await restart('uncached flat out', { workers: 2, cacheMs: 0 });
    results.push(
      await measure(ROW.uncachedFlatTwo, current.url, availabilityRequest, {
        ...timing,
        connections: CONNECTIONS,
      }),
    );
    current.noteMemory();
    current = await restart('whole booking', { workers: 2 });
    const bookingTwo = await measureBookings(ROW.bookingTwo, current.url, {
      ...timing,
      customers: BOOKING_CUSTOMERS,
      clientIds: clients.chilean,
    });
    current.noteMemory();
    // The same booking with the server on PostgreSQL over TCP, as when it runs on another host.
    current = await restart('whole booking, PostgreSQL over TCP', { overTcp: true });
    const bookingTcp = await measureBookings(ROW.bookingTcp, current.url, {
      ...timing,
      customers: BOOKING_CUSTOMERS,
      clientIds: clients.chilean,
    });
    current.noteMemory();
    await server?.stop();
    server = undefined;

    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${postgres.version}`;
    const date = new Date().toISOString();
    const commit = gitCommit();
    const timedOut = results.filter((r) => r.timeouts);
    const text = [
      '## API',
      '',
      `Run: ${date.slice(0, 10)}${QUICK ? ' (BENCH_QUICK: short durations, not for comparison)' : ''} on ${machine}; load average ${loadavg()[0]?.toFixed(1)} at the end. Measured code: commit ${commit ?? 'unknown'}${gitDirty() ? ' with uncommitted changes' : ''}.`,
      '',
      `Dataset: the demo seed plus ${DATASET.catalogue.toLocaleString('en-US')} generated catalogue items, ${DATASET.clients} generated partner clients (sdk-config cycles through them; the bookings are made for the Chilean ones), and ${DATASET.nurses} nurses with ${DATASET.visits.toLocaleString('en-US')} booked visits in one sector (Las Condes: time-availability and the whole booking); search cycles through ${SEARCHES.length} distinct typeahead queries. ` +
        `For the scale row, ${SCALE.sectors} generated sectors of ${SCALE.nursesPerSector} nurses each (${(SCALE.sectors * SCALE.nursesPerSector).toLocaleString('en-US')} nurses, ${scaleVisits.toLocaleString('en-US')} visits over the month; four skill sets, two shift patterns, two days off each, two time zones), asked with ${carts.length} carts needing different skills (${carts.map((c) => c.skills).join(', ')}), the requests cycling through the ${scaleRequests.length} sector × cart pairs.`,
      '',
      `Method: ${SECONDS} s per scenario after a ${WARMUP_SECONDS} s warm-up, from this process while the server runs in its own (PostgreSQL with fsync off). Flat out: autocannon with ${CONNECTIONS} connections. At a rate: open loop, one request every 1/rate s whatever the answers, each latency counted from when its request was due; a request unanswered 1 s after it was due is abandoned and counted as an error and at 1,000 ms. Whole booking: ${BOOKING_CUSTOMERS} customers in a closed loop. The server connects to PostgreSQL over its Unix socket, as a server on the same host does (runs before 2026-11-26 connected over TCP to 127.0.0.1); the row marked "PostgreSQL over TCP" books again over TCP, as a server on another host would connect.`,
      '',
      `**Cached or computed:** the rows marked "cached (2 s)" run with the default AVAILABILITY_CACHE_MS=2000: a sector's month is computed at most once every 2 s per server process and then answered from memory, so they measure the cache. The rows marked "uncached" run on a server started with AVAILABILITY_CACHE_MS=0: every answer is computed from the database. The whole booking runs with the default cache. "(2 workers)": WEB_CONCURRENCY=2, two processes on one port.`,
      '',
      table(results, [booking, bookingTwo, bookingTcp], mail, outbox),
      '',
      ...(timedOut.length > 0
        ? [
            `Timed out (unanswered 1 s after due, counted as errors; a p99 shown "≥" is a lower bound): ${timedOut.map((r) => `${r.name} ${r.timeouts} of ${r.requests}`).join('; ')}.`,
            '',
          ]
        : []),
      bookingText(booking),
      '',
      bookingText(bookingTwo),
      '',
      bookingText(bookingTcp),
      '',
      mailText(mail, outbox),
      '',
      contentionText(contention),
      '',
      travelText(travel),
      '',
      priceImportText(paced.imports, [
        `availability p99 ${paced.scale.p99Ms} ms at ${SCALE.rate} req/s (${paced.scale.requests} requests)`,
        `search p99 ${paced.search.p99Ms} ms at 50 req/s (${paced.search.requests} requests)`,
      ]),
      '',
      priceImportText(backToBack.imports, [
        `availability p99 ${backToBack.scale.p99Ms} ms (${backToBack.scale.requests} requests)`,
        `search p99 ${backToBack.search.p99Ms} ms (${backToBack.search.requests} requests)`,
      ]),
      '',
      `### Servers: start-up and memory`,
      '',
      `Each server the run started after the datasets were loaded (migrations and the demo seed already in place), in order; its memory is read from /proc after the rows it served.`,
      '',
      serverTable(servers),
      '',
      `### How the cost grows with the sector`,
      '',
      `Uncached (AVAILABILITY_CACHE_MS=0), one worker: one generated sector per size, every nurse with every skill, the full week's shifts and ${SWEEP.visitsPerNurse} booked visits over the month (as Las Condes: its 200 nurses have 20,000), asked with a lab cart. ${SWEEP.seconds} s flat out, then ${SWEEP.seconds} s open loop at ${SWEEP.rate} req/s, each after a 1 s warm-up. Where the flat-out capacity is above ${SWEEP.rate} req/s, the p50 at that rate is close to what one answer costs; where it is below, the queue grows for the whole measure and the latencies reach the 1 s timeout (counted in failed). Drawn in [scale.svg](scale.svg).`,
      '',
      sweepTable(sweep),
      '',
      '![Uncached availability by sector size: requests/s flat out and latency](scale.svg)',
      '',
      'Trend over runs: [trend.svg](trend.svg) (every run is a line of history.jsonl).',
      '',
      '![Throughput and p99 latency per scenario over runs](trend.svg)',
    ].join('\n');
    console.info(`\n${text}\n`);

    if (OUT_DIR) {
      mkdirSync(OUT_DIR, { recursive: true });
      const bookingFigures = (result: BookingResult) => ({
        customers: result.customers,
        bookingsPerSecond: result.bookingsPerSecond,
        p50Ms: result.p50Ms,
        p99Ms: result.p99Ms,
        failed: result.failed,
        stepP99Ms: Object.fromEntries(result.steps.map((step) => [step.step, step.p99Ms])),
      });
      const run: ApiRun = {
        kind: 'api',
        date,
        commit,
        machine,
        seconds: SECONDS,
        ...(QUICK ? { quick: true } : {}),
        scenarios: results.map(({ name, requestsPerSecond, p50Ms, p99Ms }) => ({
          name,
          requestsPerSecond,
          p50Ms,
          p99Ms,
        })),
        booking: bookingFigures(booking),
        bookingTwoWorkers: bookingFigures(bookingTwo),
        bookingOverTcp: bookingFigures(bookingTcp),
        connection: 'unix socket',
        confirmationEmail: {
          confirmed: mail.confirmed,
          delivered: mail.delivered,
          p50Ms: mail.p50Ms,
          p99Ms: mail.p99Ms,
          maxMs: mail.maxMs,
          backlogAtEnd: mail.backlogAtEnd,
        },
        outbox: {
          events: outbox.events,
          delivered: outbox.delivered,
          eventsPerSecond: outbox.eventsPerSecond,
          firstMs: outbox.firstMs,
          totalMs: outbox.totalMs,
        },
        contention: {
          requests: contention.requests,
          succeeded: contention.succeeded,
          refused: contention.refused,
          other: contention.other,
          invariantKept: contention.invariantKept,
        },
        servers,
        sweep: { rate: SWEEP.rate, seconds: SWEEP.seconds, points: sweep },
      };
      const history = new URL('history.jsonl', OUT_DIR);
      appendHistory(history, run);
      writeTrend(history, new URL('trend.svg', OUT_DIR), { quick: QUICK });
      writeScale(new URL('scale.svg', OUT_DIR), sweep, {
        rate: SWEEP.rate,
        seconds: SWEEP.seconds,
        goalRps: { rps: GOALS[ROW.uncachedFlat]?.rps ?? 0, nurses: DATASET.nurses },
      });
      writeSection(new URL('RESULTS.md', OUT_DIR), 'api', text);
      console.info(
        `Written: ${new URL('RESULTS.md', OUT_DIR).pathname}, history.jsonl, trend.svg, scale.svg`,
      );
    } else {
      console.info('BENCH_QUICK: nothing written (BENCH_OUT_DIR=<folder> to write there).');
    }
  } finally {
    await server?.stop();
    await sink.close();
    postgres.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
