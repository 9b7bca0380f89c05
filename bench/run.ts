import { pathFor } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
// `npm run bench`: PostgreSQL-backed Visita with the generated dataset, loaded from this
// process (the server runs in its own). BENCH_QUICK=1 for a short run while developing: it prints
// the table and writes nothing unless BENCH_OUT_DIR names a folder. bench/README.md has the rest.
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { type BookingResult, measureBookings } from './lib/booking.ts';
import { generateClients } from './lib/clients.ts';
import { type ContentionResult, scheduleContention } from './lib/contention.ts';
import { generateCatalogue } from './lib/dataset.ts';
import { type ApiRun, appendHistory, gitCommit, writeTrend } from './lib/history.ts';
import { type LoadResult, measure } from './lib/load.ts';
import { measureAtRate } from './lib/open-loop.ts';
import {
  type ConfirmationEmailResult,
  confirmationToEmail,
  measureOutboxDelivery,
  type OutboxDeliveryResult,
} from './lib/outbox.ts';
import { startPostgres } from './lib/postgres.ts';
import { writeSection } from './lib/results-file.ts';
import { generateSchedulingDataset } from './lib/scheduling-dataset.ts';
import { startServer } from './lib/server.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const WARMUP_SECONDS = QUICK ? 1 : 2;
const CONNECTIONS = 32;
/** The dataset (10): always full size, quick or not; it loads in seconds. */
const DATASET = { catalogue: 5000, nurses: 200, visits: 20_000, clients: 50 };
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

function goalText(name: string): string {
  const goal = GOALS[name];
  if (!goal) return '';
  return [goal.rps ? `≥ ${goal.rps} req/s` : '', goal.p99Ms ? `p99 ≤ ${goal.p99Ms} ms` : '']
    .filter(Boolean)
    .join(', ');
}

function table(
  results: LoadResult[],
  booking: BookingResult,
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
    return `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${goalText(r.name)} | ${goal ? (met ? 'yes' : 'no') : ''} |`;
  });
  rows.push(
    `| ${booking.name} | ${booking.bookingsPerSecond} bookings/s | ${booking.p50Ms} | ${booking.p99Ms} | ${booking.bookings} bookings | ${booking.failed} failed |  |  |  |`,
    `| ${mail.name} |  | ${mail.p50Ms} | ${mail.p99Ms} | ${mail.delivered} e-mails | ${mail.confirmed - mail.delivered} not delivered |  |  |  |`,
    `| ${outbox.name} | ${outbox.eventsPerSecond} events/s |  |  | ${outbox.delivered} events | ${outbox.events - outbox.delivered} not delivered |  |  |  |`,
  );
  return [header, '|---|---:|---:|---:|---:|---:|---:|---|---|', ...rows].join('\n');
}

function bookingText(booking: BookingResult): string {
  const steps = booking.steps.map((step) => `${step.step} ${step.p50Ms}/${step.p99Ms}`).join(', ');
  return (
    `Whole booking: ${booking.customers} customers at once, each booking again as soon as its last one is paid; ` +
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

function contentionText(contention: ContentionResult): string {
  return `Schedule under contention: ${contention.requests} concurrent holds on one block with ${contention.freeNurses} free nurses: ${contention.succeeded} held, ${contention.refused} refused with 409, ${contention.other} other answers; one visit per nurse per block ${contention.invariantKept ? 'kept' : 'BROKEN'}.`;
}

async function main() {
  const postgres = startPostgres(Number(process.env.BENCH_PG_PORT ?? 55460));
  const port = Number(process.env.BENCH_PORT ?? 4400);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  // Booking e-mails go to this process, timed on arrival (the outbox rows below).
  const sink = await startSmtpSink();
  const mailEnv = { MAIL: 'smtp', SMTP_URL: sink.url };
  try {
    // The first start migrates and seeds the demo; the dataset is added to it, then the server
    // starts again so that it serves the whole dataset from its first request (its caches were
    // filled with the demo alone).
    server = await startServer(postgres.url, port, mailEnv);
    const ids = await generateCatalogue(postgres.url, DATASET.catalogue);
    const clients = await generateClients(postgres.url, DATASET.clients);
    const scheduling = await generateSchedulingDataset(postgres.url, {
      nurses: DATASET.nurses,
      visits: DATASET.visits,
    });
    await server.stop();
    server = await startServer(postgres.url, port, mailEnv);
    const sample = (n: number, offset: number) => ids.slice(offset, offset + n);
    const timing = { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
    const results: LoadResult[] = [];

    results.push(
      await measure(
        'sdk-config',
        server.url,
        clients.ids.map((id) => ({ path: `${pathFor(ENDPOINTS.sdkConfig)}?id=${id}` })),
        { ...timing, connections: CONNECTIONS },
      ),
    );
    results.push(
      await measure(
        'search',
        server.url,
        SEARCHES.map((query) => ({
          path: `${pathFor(ENDPOINTS.searchCatalogue)}?query=${encodeURIComponent(query)}&country=Chile&commune=Las%20Condes&source=marketplace`,
        })),
        { ...timing, connections: CONNECTIONS },
      ),
    );
    results.push(
      await measure(
        'cart-price',
        server.url,
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
      await measureAtRate('time-availability @ 600 req/s', server.url, availabilityRequest, {
        ...timing,
        rate: 600,
      }),
    );
    results.push(
      await measure('time-availability (flat out)', server.url, availabilityRequest, {
        ...timing,
        connections: CONNECTIONS,
      }),
    );
    // After time-availability: the bookings add visits to the sector it reads.
    const booking = await measureBookings('whole booking (create → pay)', server.url, {
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
    const contention = await scheduleContention(server.url, postgres.url, { requests: CONTENTION_REQUESTS });
    // Last: its backlog would otherwise delay the e-mails of anything measured after it.
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

    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${postgres.version}`;
    const date = new Date().toISOString();
    const text = [
      '## API',
      '',
      `Run: ${date.slice(0, 10)}${QUICK ? ' (BENCH_QUICK: short durations, not for comparison)' : ''} on ${machine}; load average ${loadavg()[0]?.toFixed(1)} at the end.`,
      '',
      `Dataset: the demo seed plus ${DATASET.catalogue.toLocaleString('en-US')} generated catalogue items, ${DATASET.clients} generated partner clients (sdk-config cycles through them; the bookings are made for the Chilean ones), and ${DATASET.nurses} nurses with ${DATASET.visits.toLocaleString('en-US')} booked visits in one sector (Las Condes: time-availability and the whole booking); search cycles through ${SEARCHES.length} distinct typeahead queries.`,
      '',
      `Method: ${SECONDS} s per scenario after a ${WARMUP_SECONDS} s warm-up, from this process while the server runs in its own (one Node process, PostgreSQL with fsync off). Flat out: autocannon with ${CONNECTIONS} connections. At a rate: open loop, one request every 1/rate s whatever the answers, each latency counted from when its request was due. Whole booking: ${BOOKING_CUSTOMERS} customers in a closed loop.`,
      '',
      table(results, booking, mail, outbox),
      '',
      bookingText(booking),
      '',
      mailText(mail, outbox),
      '',
      contentionText(contention),
      '',
      'Trend over runs: [trend.svg](trend.svg) (every run is a line of history.jsonl).',
      '',
      '![Throughput and p99 latency per scenario over runs](trend.svg)',
    ].join('\n');
    console.info(`\n${text}\n`);

    if (OUT_DIR) {
      mkdirSync(OUT_DIR, { recursive: true });
      const run: ApiRun = {
        kind: 'api',
        date,
        commit: gitCommit(),
        machine,
        seconds: SECONDS,
        ...(QUICK ? { quick: true } : {}),
        scenarios: results.map(({ name, requestsPerSecond, p50Ms, p99Ms }) => ({
          name,
          requestsPerSecond,
          p50Ms,
          p99Ms,
        })),
        booking: {
          customers: booking.customers,
          bookingsPerSecond: booking.bookingsPerSecond,
          p50Ms: booking.p50Ms,
          p99Ms: booking.p99Ms,
          failed: booking.failed,
        },
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
      };
      const history = new URL('history.jsonl', OUT_DIR);
      appendHistory(history, run);
      writeTrend(history, new URL('trend.svg', OUT_DIR), { quick: QUICK });
      writeSection(new URL('RESULTS.md', OUT_DIR), 'api', text);
      console.info(`Written: ${new URL('RESULTS.md', OUT_DIR).pathname}, history.jsonl, trend.svg`);
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
