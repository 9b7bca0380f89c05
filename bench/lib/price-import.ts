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

export interface PriceImportRun {
  rows: number;
  /** Each dry run's and each apply's wall time, in order. */
  dryRunMs: number[];
  applyMs: number[];
  /** Rows each apply changed (every row, when the prices alternate). */
  changed: number[];
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

async function post(baseUrl: string, path: string, headers: Record<string, string>, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
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
  }: { rows: number; until: number; source?: string; round?: number },
): Promise<PriceImportRun> {
  const headers = await writeHeaders(baseUrl, cookie);
  const files = [
    await priceCsv(databaseUrl, source, rows, (id) => 1_000 * (2 * round + 1) + (id % 50_000)),
    await priceCsv(databaseUrl, source, rows, (id) => 1_000 * (2 * round + 2) + (id % 50_000)),
  ];
  const run: PriceImportRun = { rows: files[0]?.rows ?? 0, dryRunMs: [], applyMs: [], changed: [] };
  for (let turn = 0; turn < 2 || Date.now() < until; turn++) {
    const body = { country: 'cl', csv: files[turn % 2]?.text };
    const review = await post(baseUrl, pathFor(ENDPOINTS.consolePriceImport), headers, body);
    run.dryRunMs.push(review.ms);
    const diffHash = review.answer.diff_hash;
    const applied = await post(baseUrl, pathFor(ENDPOINTS.consolePriceImportApply), headers, {
      ...body,
      diff_hash: diffHash,
    });
    run.applyMs.push(applied.ms);
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
  options: { rows: number; until: number; source?: string; round?: number },
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

/**
 * A row measured while imports run back to back: the importer starts with the row's warm-up and
 * stops when it ends. Each row gets imports of its own, so that each is measured as its goal is
 * stated (at its own rate, alone on the server) with only the imports added.
 */
let rounds = 0;
export async function duringImports<T>(
  baseUrl: string,
  databaseUrl: string,
  cookie: string,
  { rows, seconds }: { rows: number; seconds: number },
  measure: () => Promise<T>,
): Promise<[T, PriceImportRun]> {
  const until = Date.now() + seconds * 1000;
  // Prices of their own for each row's imports: its first file changes every row as well.
  rounds += 1;
  return Promise.all([
    measure(),
    importPricesElsewhere(baseUrl, databaseUrl, cookie, { rows, until, round: rounds }),
  ]);
}

/** The imports of several rows as one run. */
export const allImports = (runs: PriceImportRun[]): PriceImportRun => ({
  rows: runs[0]?.rows ?? 0,
  dryRunMs: runs.flatMap((run) => run.dryRunMs),
  applyMs: runs.flatMap((run) => run.applyMs),
  changed: runs.flatMap((run) => run.changed),
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0);
};

/** RESULTS.md's paragraph for the import. */
export function priceImportText(run: PriceImportRun, during: string[]): string {
  return `CSV import of ${run.rows.toLocaleString('en-US')} prices (console, POST /api/console/prices/import then /apply, one sales source, every row changed each time): ${run.applyMs.length} imports back to back; the dry run took ${Math.round(median(run.dryRunMs))} ms (median; slowest ${Math.round(Math.max(...run.dryRunMs))} ms), the apply ${Math.round(median(run.applyMs))} ms (median; slowest ${Math.round(Math.max(...run.applyMs))} ms), ${Math.min(...run.changed).toLocaleString('en-US')} rows written each. While they ran, each row measured on its own: ${during.join('; ')} (the rows marked "during price imports" above).`;
}
