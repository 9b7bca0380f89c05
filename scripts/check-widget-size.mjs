#!/usr/bin/env node
// Fails when the widget's JavaScript is above its budgets (gzip, each file compressed on its own,
// as it travels). Run after `npm run build -w @visita/widget`; `npm test` runs it before the
// end-to-end tests. `--json` prints the figures as JSON (bench/lighthouse.ts writes them into
// bench/RESULTS.md).
//
// - Entry (80 kB): the module script of index.html together with every chunk it imports
//   statically (index.html modulepreloads them): all the JavaScript the browser parses before
//   the widget runs. The step view (the first screen among it) loads at once beside it; the
//   later steps load on demand.
// - Whole booking: every file a booking on /{clientId} downloads, from the entry to the
//   success screen: the entry and its static imports, the step frame and every step chunk of the
//   normal booking path with everything they import. The framed-only host bridge and the steps of
//   other flows (medical order, LaaS, cart maker, last mile) are not part of it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ENTRY_BUDGET_BYTES = 80 * 1000;
// Measured 163.6 kB on 2026-11-23 (42 files, zod's core alone is 26 kB of it): 10 % headroom for
// the fixes still coming to these steps, and small enough that a new dependency pulled into a step
// (a date, phone or card library is 20-60 kB) fails the check and gets a decision.
const BOOKING_BUDGET_BYTES = 180 * 1000;
/**
 * The normal booking path of DEFAULT_STEP_LIST (packages/domain/src/steps.ts), up to success;
 * 'introduction' ships in the entry. A step chunk is named after its file: `<step>-step-<hash>.js`.
 */
const BOOKING_STEPS = [
  'schedule-type',
  'address',
  'services',
  'date',
  'patient',
  'confirmation',
  'payment',
  'success',
];
/**
 * Loaded by the wizard at once, beside the entry and whatever the flow (wizard.tsx): the step
 * frame, the map of every step's chunk and the first screen. The entry runs without waiting for
 * it, and it downloads in parallel with the client config the first screen needs anyway.
 */
const ALWAYS_LAZY = ['step-view'];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'widget', 'dist');
const assets = join(dist, 'assets');
const json = process.argv.includes('--json');
const log = json ? () => {} : (line) => console.info(line);

function fail(message) {
  console.error(message);
  process.exit(1);
}

let html;
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8');
} catch {
  fail(`No widget build in ${dist}: run npm run build -w @visita/widget first.`);
}
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+)"/g)].map(
  (match) => match[1],
);
if (entries.length === 0) fail('No entry script found in dist/index.html.');

const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const source = new Map(files.map((name) => [name, readFileSync(join(assets, name), 'utf8')]));
const gzip = new Map([...source].map(([name, text]) => [name, gzipSync(text).length]));

/** `import … from"./x.js"` and `import"./x.js"`: loaded with the file. */
const staticImports = (name) =>
  [...(source.get(name) ?? '').matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map(
    (match) => match[1],
  );
/** `import("./x.js")`: loaded when the code asks for it. */
const dynamicImports = (name) =>
  [...(source.get(name) ?? '').matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map(
    (match) => match[1],
  );

/** The files and all they import statically. */
function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    if (!source.has(name)) fail(`${name} is imported but not in ${assets}.`);
    seen.add(name);
    stack.push(...staticImports(name));
  }
  return seen;
}
const sum = (names) => [...names].reduce((total, name) => total + (gzip.get(name) ?? 0), 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Every chunk the entry can reach, loaded at once or on demand, outside the entry's closure. */
function reachable(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...staticImports(name), ...dynamicImports(name));
  }
  return seen;
}
const lazyChunks = [...reachable(entries)].filter((name) => !entries.includes(name));
const chunkOf = (prefix) => {
  const found = lazyChunks.find(
    (name) => name.startsWith(`${prefix}-`) && /^-[\w-]{8}\.js$/.test(name.slice(prefix.length)),
  );
  if (!found) fail(`No lazy chunk ${prefix}-<hash>.js reached from the entry: did the step move?`);
  return found;
};

const entryBytes = sum(entries);
const initial = closure(entries);
const booking = closure([
  ...entries,
  ...ALWAYS_LAZY.map(chunkOf),
  ...BOOKING_STEPS.map((step) => chunkOf(`${step}-step`)),
]);
const all = closure([...entries, ...lazyChunks]);
const firstScreen = closure([...entries, ...ALWAYS_LAZY.map(chunkOf)]);

const figures = {
  entry: { files: entries, gzipBytes: entryBytes },
  initial: { files: initial.size, gzipBytes: sum(initial), budgetBytes: ENTRY_BUDGET_BYTES },
  booking: {
    files: booking.size,
    gzipBytes: sum(booking),
    budgetBytes: BOOKING_BUDGET_BYTES,
    steps: ['introduction', ...BOOKING_STEPS],
  },
  firstScreen: { files: firstScreen.size, gzipBytes: sum(firstScreen) },
  all: { files: all.size, gzipBytes: sum(all) },
};

log(
  `Widget entry (${entries.join(', ')}) with the ${initial.size - entries.length} chunks it imports statically: ${kB(figures.initial.gzipBytes)} gzip, budget ${kB(ENTRY_BUDGET_BYTES)} (the entry file alone: ${kB(entryBytes)}).`,
);
log(
  `Whole booking (${figures.booking.steps.join(' → ')}): ${booking.size} files, ${kB(figures.booking.gzipBytes)} gzip, budget ${kB(BOOKING_BUDGET_BYTES)}.`,
);
log(
  `The first screen drawn (the entry, then the step view it loads at once): ${firstScreen.size} files, ${kB(figures.firstScreen.gzipBytes)} gzip (not a budget).`,
);
log(`Every chunk of every flow: ${all.size} files, ${kB(figures.all.gzipBytes)} gzip (not a budget).`);
if (json) console.info(JSON.stringify(figures));

const over = [];
if (figures.initial.gzipBytes > ENTRY_BUDGET_BYTES)
  over.push(
    `The first screen's JavaScript (entry and static imports) is ${kB(figures.initial.gzipBytes)} gzip, above the ${kB(ENTRY_BUDGET_BYTES)} budget.`,
  );
if (figures.booking.gzipBytes > BOOKING_BUDGET_BYTES)
  over.push(
    `Whole-booking JavaScript is ${kB(figures.booking.gzipBytes)} gzip, above the ${kB(BOOKING_BUDGET_BYTES)} budget.`,
  );
if (over.length > 0) fail(over.join('\n'));
log('Within both budgets.');
