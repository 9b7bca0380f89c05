// `npm run bench:lighthouse -w @visita/bench`: builds the widget, serves it from the real API (on
// PGlite with the demo seed) and runs Lighthouse on /demo as a phone sees it (mobile emulation,
// simulated slow 4G and 4× CPU throttling: Lighthouse's default), several times; writes the
// median scores and the widget's JavaScript sizes into bench/RESULTS.md (its widget section).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { COLOUR_GOALS, measureColourSpread } from './lib/colour-spread.ts';
import { type KeyboardBooking, measureKeyboardBooking } from './lib/keyboard-booking.ts';
import { writeSection } from './lib/results-file.ts';
import { startServer } from './lib/server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4401);
const CHROME_PORT = Number(process.env.BENCH_CHROME_PORT ?? 9333);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGE = '/demo';
const GOAL = 95;

interface Sizes {
  entry: { gzipBytes: number };
  initial: { files: number; gzipBytes: number; budgetBytes: number };
  booking: { files: number; gzipBytes: number; budgetBytes: number; steps: string[] };
  all: { files: number; gzipBytes: number };
}

interface Run {
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  /** Accessibility audits that count and did not pass: id, title and how many elements. */
  failing: Array<{ id: string; title: string; items: number }>;
  /** Performance audits that estimate a saving, largest LCP saving first. */
  opportunities: Array<{ id: string; title: string; lcpMs: number; fcpMs: number }>;
}

const METRICS: Array<[id: string, label: string, unit: 'ms' | '']> = [
  ['first-contentful-paint', 'First Contentful Paint', 'ms'],
  ['largest-contentful-paint', 'Largest Contentful Paint', 'ms'],
  ['total-blocking-time', 'Total Blocking Time', 'ms'],
  ['cumulative-layout-shift', 'Cumulative Layout Shift', ''],
  ['speed-index', 'Speed Index', 'ms'],
];

function buildWidget(): void {
  if (process.env.BENCH_NO_BUILD === '1') return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@visita/widget'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('widget build failed');
}

function measureSizes(): { sizes: Sizes; withinBudgets: boolean } {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/check-widget-size.mjs'), '--json'], {
    encoding: 'utf8',
  });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (!line.startsWith('{')) throw new Error(`size check printed no figures: ${result.stderr}`);
  return { sizes: JSON.parse(line) as Sizes, withinBudgets: result.status === 0 };
}

async function startChrome(): Promise<{ process: ChildProcess; stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'visita-lighthouse-chrome-'));
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      `--remote-debugging-port=${CHROME_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const removeProfile = () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // Chromium still writing its profile: a temporary folder, left to the system.
    }
  };
  const kill = () => {
    child.kill('SIGTERM');
    removeProfile();
  };
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    removeProfile();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${CHROME_PORT}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        child.exitCode !== null
          ? `chromium exited with ${child.exitCode}`
          : 'chromium did not start within 60 s',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { process: child, stop };
}

async function audit(url: string, reportPath: string): Promise<Run> {
  const result = await lighthouse(url, {
    port: CHROME_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error('lighthouse returned nothing');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  writeFileSync(reportPath, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .flatMap((ref) => {
      const entry = lhr.audits[ref.id];
      return entry && entry.score !== null && entry.score < 1 ? [entry] : [];
    })
    .map((entry) => ({
      id: entry.id,
      title: entry.title,
      items: (entry.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
    }));
  const opportunities = Object.values(lhr.audits)
    .map((entry) => ({
      id: entry.id,
      title: entry.title,
      score: entry.score,
      lcpMs: entry.metricSavings?.LCP ?? 0,
      fcpMs: entry.metricSavings?.FCP ?? 0,
    }))
    .filter((entry) => entry.score !== null && entry.score < 1 && entry.lcpMs + entry.fcpMs > 0)
    .sort((a, b) => b.lcpMs - a.lcpMs || b.fcpMs - a.fcpMs)
    .slice(0, 4)
    .map(({ id, title, lcpMs, fcpMs }) => ({ id, title, lcpMs, fcpMs }));
  return {
    opportunities,
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? Number.NaN])),
    failing,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  buildWidget();
  const { sizes, withinBudgets } = measureSizes();
  const server = await startServer(undefined, PORT);
  let chrome: Awaited<ReturnType<typeof startChrome>> | undefined;
  const runs: Run[] = [];
  const reports = mkdtempSync(join(tmpdir(), 'visita-lighthouse-'));
  const load = loadavg()[0] ?? 0;
  let keyboard: KeyboardBooking | undefined;
  try {
    chrome = await startChrome();
    // One unmeasured visit: the server's first answers (catalogue cache, JIT) are not a phone's.
    await fetch(`${server.url}${PAGE}`).then((response) => response.text());
    await fetch(`${server.url}/api/alliances/clients/sdk-config/?id=demo`).then((response) =>
      response.text(),
    );
    for (let i = 0; i < RUNS; i += 1) {
      const run = await audit(`${server.url}${PAGE}`, join(reports, `run-${i + 1}.json`));
      console.info(
        `lighthouse run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}`,
      );
      runs.push(run);
    }
    keyboard = await measureKeyboardBooking(server.url, CHROME);
    console.info(
      `keyboard-only booking: ${keyboard.booked ? 'booked' : 'NOT booked'}, focus lost ${keyboard.focusLost}`,
    );
  } finally {
    await chrome?.stop();
    await server.stop();
  }

  // The run with the median performance score stands for the page; its metrics go with it.
  const byPerformance = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = byPerformance[Math.floor(byPerformance.length / 2)] as Run;
  const performance = middle.performance;
  const accessibility = median(runs.map((run) => run.accessibility));
  const failing = new Map(runs.flatMap((run) => run.failing).map((entry) => [entry.id, entry]));
  const metricText = METRICS.map(([id, label, unit]) => {
    const value = middle.metrics[id] ?? Number.NaN;
    return `${label} ${unit === 'ms' ? `${(value / 1000).toFixed(2)} s` : value.toFixed(3)}`;
  }).join(', ');
  const mark = (score: number) => (score >= GOAL ? 'yes' : 'no');
  const spread = measureColourSpread();
  const ratio = (value: number) => `${value.toFixed(2)}:1`;
  const yes = (met: boolean) => (met ? 'yes' : 'no');
  const steps = keyboard?.steps ?? [];
  const totalTabs = steps.reduce((sum, step) => sum + step.tabs, 0);
  const axeTotal = steps.reduce((sum, step) => sum + step.axe, 0);
  const date = new Date().toISOString().slice(0, 10);

  const text = [
    '## Widget',
    '',
    `Run: ${date}; ${RUNS} Lighthouse ${lighthouseVersion()} runs of ${PAGE} served by the API (PGlite, demo seed), ` +
      `mobile emulation with simulated throttling (slow 4G, 4× CPU), Chromium headless; the median run is shown. ` +
      `Load average at the start: ${load.toFixed(1)} on ${cpus().length} cores.`,
    '',
    '| Lighthouse | score | runs | goal | met |',
    '|---|---:|---|---|---|',
    `| performance | ${performance} | ${runs.map((run) => run.performance).join(', ')} | ≥ ${GOAL} | ${mark(performance)} |`,
    `| accessibility | ${accessibility} | ${runs.map((run) => run.accessibility).join(', ')} | ≥ ${GOAL} | ${mark(accessibility)} |`,
    '',
    `Median run: ${metricText}.`,
    '',
    middle.opportunities.length === 0
      ? 'Lighthouse estimates no saving on the median run.'
      : `Largest savings Lighthouse estimates on the median run: ${middle.opportunities.map((entry) => `\`${entry.id}\` (${entry.title}: LCP −${(entry.lcpMs / 1000).toFixed(1)} s, FCP −${(entry.fcpMs / 1000).toFixed(1)} s)`).join(', ')}.`,
    '',
    failing.size === 0
      ? 'Accessibility: every counted audit passes.'
      : `Accessibility audits that fail: ${[...failing.values()].map((entry) => `\`${entry.id}\` (${entry.title}; ${entry.items} elements)`).join(', ')}.`,
    '',
    '| Accessibility, measured | figure | goal | met |',
    '|---|---|---|---|',
    `| keyboard-only booking on ${PAGE} at 390×844 (Tab, typing, arrows, Enter) | ${keyboard?.booked ? 'booked' : 'not booked'} | booked | ${yes(keyboard?.booked === true)} |`,
    `| Tab presses, step by step | ${totalTabs} (${steps.map((step) => `${step.step} ${step.tabs}`).join(', ')}) |  |  |`,
    `| times a Tab left the focus on the page | ${keyboard?.focusLost ?? '—'} | 0 | ${yes(keyboard?.focusLost === 0)} |`,
    `| axe WCAG 2.2 A/AA violations over those ${steps.length} steps | ${axeTotal} | 0 | ${yes(keyboard !== undefined && axeTotal === 0)} |`,
    `| lowest contrast over ${spread.colours.toLocaleString('en')} partner colours: text on the partner's fill | ${ratio(spread.text.lowest)} (${spread.text.colour}) | ≥ ${COLOUR_GOALS.text}:1 | ${yes(spread.text.lowest >= COLOUR_GOALS.text)} |`,
    `| … the partner's colour as text on the light surfaces | ${ratio(spread.strong.lowest)} (${spread.strong.colour}) | ≥ ${COLOUR_GOALS.strong}:1 | ${yes(spread.strong.lowest >= COLOUR_GOALS.strong)} |`,
    `| … the focus ring on the light surfaces | ${ratio(spread.focus.lowest)} (${spread.focus.colour}) | ≥ ${COLOUR_GOALS.focus}:1 | ${yes(spread.focus.lowest >= COLOUR_GOALS.focus)} |`,
    '',
    'The end-to-end suite makes the keyboard-only booking with axe on every step (e2e/tests/keyboard-booking.spec.ts), and books for a dark, a mid-orange and a light partner with axe on every step (partner-colours.spec.ts).',
    '',
    '| JavaScript (gzip) | size | budget | files |',
    '|---|---:|---:|---:|',
    `| entry with its static imports (first screen) | ${kB(sizes.initial.gzipBytes)} | ${kB(sizes.initial.budgetBytes)} | ${sizes.initial.files} |`,
    `| of which index.html's module script | ${kB(sizes.entry.gzipBytes)} |  | 1 |`,
    `| whole booking (${sizes.booking.steps.join(' → ')}) | ${kB(sizes.booking.gzipBytes)} | ${kB(sizes.booking.budgetBytes)} | ${sizes.booking.files} |`,
    `| every chunk of every flow | ${kB(sizes.all.gzipBytes)} |  | ${sizes.all.files} |`,
    '',
    withinBudgets
      ? 'Both budgets are met (scripts/check-widget-size.mjs, run by `npm test`).'
      : 'A budget is NOT met: scripts/check-widget-size.mjs fails `npm test`.',
  ].join('\n');
  console.info(`\n${text}\n\nLighthouse reports: ${reports}`);
  if (process.env.BENCH_WRITE !== '0') {
    writeSection(new URL('./RESULTS.md', import.meta.url), 'widget', text);
    appendFileSync(
      new URL('./history.jsonl', import.meta.url),
      `${JSON.stringify({
        kind: 'widget',
        date: new Date().toISOString(),
        commit: gitCommit(),
        lighthouse: {
          performance,
          accessibility,
          runs: runs.map(({ performance: p, accessibility: a }) => ({ performance: p, accessibility: a })),
        },
        keyboardBooking: keyboard ?? null,
        colourSpread: spread,
        sizes: {
          entryGzipBytes: sizes.entry.gzipBytes,
          initialGzipBytes: sizes.initial.gzipBytes,
          bookingGzipBytes: sizes.booking.gzipBytes,
          allGzipBytes: sizes.all.gzipBytes,
        },
      })}\n`,
    );
  }
}

function lighthouseVersion(): string {
  const result = spawnSync(process.execPath, ['-p', "require('lighthouse/package.json').version"], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    encoding: 'utf8',
  });
  return result.stdout.trim();
}

export function gitCommit(): string | null {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
