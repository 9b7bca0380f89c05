/**
 * The console's price import under load: a CSV of 5,000 prices (one per generated catalogue item,
 * for one sales source) reviewed then applied, again and again with alternating prices so each
 * apply changes every row, while availability and the appointment search are asked at their
 * rates. It measures what an import costs and what it costs everyone else while it runs (the
 * apply's transaction and the catalogue snapshot rebuilt on every instance after it).
 */
import { pathFor } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { PRICE_CSV_HEADERS } from '@visita/domain/contract/console-prices';
import { stringify } from 'csv-stringify/sync';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import type { LoadResult } from './load.ts';

export interface PriceImportRun {
  rows: number;
  /** Each dry run's and each apply's wall time, in order. */
  dryRunMs: number[];
  applyMs: number[];
  /** Rows each apply changed (every row, when the prices alternate). */
  changed: number[];
  /** When each dry run and apply was being answered (epoch ms, from sent to read). */
  calls: Array<{ from: number; to: number }>;
  /** The pause after each call (0: back to back). */
  pauseMs: number;
}

/** The CSV of (at most) `rows` prices for `source`, the items' ids with `price(id)`, and its rows. */
async function priceCsv(databaseUrl: string, source: string, rows: number, price: (id: number) => number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const items = await client.query<{ id: number; name: string }>(
      `select id, name from catalogue_items where country = 'cl' and active order by id desc limit $1`,
      [rows],
    );
    const text = stringify([
      [...PRICE_CSV_HEADERS],
      ...items.rows.map((item) => [item.id, item.name, source, '', price(item.id), '']),
    ]);
    return { text, rows: items.rows.length };
  } finally {
    await client.end();
  }
}

/** A console cookie with its CSRF cookie and token: what a write from the console carries. */
async function writeHeaders(baseUrl: string, cookie: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}${pathFor(ENDPOINTS.consoleCsrf)}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`csrf: ${response.status}`);
  const csrfCookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrf_token } = (await response.json()) as { csrf_token: string };
  return {
    cookie: `${cookie}; ${csrfCookie}`,
    'x-csrf-token': csrf_token,
    'content-type': 'application/json',
  };
}

async function post(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  calls: PriceImportRun['calls'],
) {
  const from = Date.now();
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  calls.push({ from, to: Date.now() });
  return { ms: performance.now() - started, answer: JSON.parse(text) as Record<string, unknown> };
}

/**
 * Reviews and applies the two CSVs in turn until `until` (epoch ms), at least once each; the
 * prices are the item's id plus 1,000 × (2 × round + 1) or × (2 × round + 2), so every apply
 * changes every row, the first one of a round too.
 */
export async function importPricesUntil(
  baseUrl: string,
  databaseUrl: string,
  cookie: string,
  {
    rows,
    until,
    source = 'marketplace',
    round = 0,
    pauseMs = 0,
  }: { rows: number; until: number; source?: string; round?: number; pauseMs?: number },
): Promise<PriceImportRun> {
  const headers = await writeHeaders(baseUrl, cookie);
  const files = [
    await priceCsv(databaseUrl, source, rows, (id) => 1_000 * (2 * round + 1) + (id % 50_000)),
    await priceCsv(databaseUrl, source, rows, (id) => 1_000 * (2 * round + 2) + (id % 50_000)),
  ];
  const run: PriceImportRun = {
    rows: files[0]?.rows ?? 0,
    dryRunMs: [],
    applyMs: [],
    changed: [],
    calls: [],
    pauseMs,
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
  for (let turn = 0; turn < 2 || Date.now() < until; turn++) {
    const body = { country: 'cl', csv: files[turn % 2]?.text };
    const review = await post(baseUrl, pathFor(ENDPOINTS.consolePriceImport), headers, body, run.calls);
    run.dryRunMs.push(review.ms);
    await pause();
    const diffHash = review.answer.diff_hash;
    const applied = await post(
      baseUrl,
      pathFor(ENDPOINTS.consolePriceImportApply),
      headers,
      { ...body, diff_hash: diffHash },
      run.calls,
    );
    run.applyMs.push(applied.ms);
    await pause();
    const changed = review.answer.changed;
    const added = review.answer.added;
    run.changed.push(
      (Array.isArray(changed) ? changed.length : 0) + (Array.isArray(added) ? added.length : 0),
    );
  }
  return run;
}

/**
 * importPricesUntil in a process of its own: the console's operator is another browser, and
 * reading the dry run's answer (about 800 KB of JSON) on the load generator's event loop would
 * delay the availability and search requests it sends on schedule, counting that delay as the
 * server's.
 */
function importPricesElsewhere(
  baseUrl: string,
  databaseUrl: string,
  cookie: string,
  options: { rows: number; until: number; source?: string; round?: number; pauseMs?: number },
): Promise<PriceImportRun> {
  const child = fork(fileURLToPath(new URL('./price-import-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (run: PriceImportRun) => resolve(run));
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the import's process ended (${code}) without its figures`)),
    );
    child.send({ baseUrl, databaseUrl, cookie, options });
  });
}

let rounds = 0;

/**
 * A row measured while imports run, one after another from one operator: the importer starts
 * with the row's warm-up and stops when it ends, pausing `pauseMs` after each call (0: back to
 * back). Each row gets imports of its own, so that each is measured as its goal is stated (at its
 * own rate, alone on the server) with only the imports added. The row's figures are those of the
 * requests in flight while an import call was being answered (due before the call was answered,
 * answered after it was sent): what "while it runs" means to the people asking meanwhile.
 */
export async function duringImports(
  baseUrl: string,
  databaseUrl: string,
  cookie: string,
  { rows, seconds, pauseMs = 0 }: { rows: number; seconds: number; pauseMs?: number },
  measure: (samples: Array<{ dueAt: number; ms: number }>) => Promise<LoadResult>,
): Promise<[LoadResult, PriceImportRun]> {
  const until = Date.now() + seconds * 1000;
  // Prices of their own for each row's imports: its first file changes every row as well.
  rounds += 1;
  const samples: Array<{ dueAt: number; ms: number }> = [];
  const [whole, run] = await Promise.all([
    measure(samples),
    importPricesElsewhere(baseUrl, databaseUrl, cookie, { rows, until, round: rounds, pauseMs }),
  ]);
  const overlapping = samples
    .filter((sample) =>
      run.calls.some((call) => sample.dueAt <= call.to && sample.dueAt + sample.ms >= call.from),
    )
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const at = (quantile: number) =>
    Math.round(overlapping[Math.min(overlapping.length - 1, Math.floor(quantile * overlapping.length))] ?? 0);
  return [{ ...whole, p50Ms: at(0.5), p99Ms: at(0.99), requests: overlapping.length }, run];
}

/** The imports of several rows as one run. */
export const allImports = (runs: PriceImportRun[]): PriceImportRun => ({
  rows: runs[0]?.rows ?? 0,
  dryRunMs: runs.flatMap((run) => run.dryRunMs),
  applyMs: runs.flatMap((run) => run.applyMs),
  changed: runs.flatMap((run) => run.changed),
  calls: runs.flatMap((run) => run.calls),
  pauseMs: runs[0]?.pauseMs ?? 0,
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0);
};

/** RESULTS.md's paragraph for the import. */
export function priceImportText(run: PriceImportRun, during: string[]): string {
  const pacing =
    run.pauseMs > 0 ? `one after another, ${run.pauseMs} ms after each call` : 'back to back, with no pause';
  return `CSV import of ${run.rows.toLocaleString('en-US')} prices (console, POST /api/console/prices/import then /apply, one sales source, every row changed each time), ${run.applyMs.length} imports ${pacing}: the dry run took ${Math.round(median(run.dryRunMs))} ms (median; slowest ${Math.round(Math.max(...run.dryRunMs))} ms), the apply ${Math.round(median(run.applyMs))} ms (median; slowest ${Math.round(Math.max(...run.applyMs))} ms), ${Math.min(...run.changed).toLocaleString('en-US')} rows written each. Over the requests in flight while an import call was answered, each row measured on its own: ${during.join('; ')}.`;
}
