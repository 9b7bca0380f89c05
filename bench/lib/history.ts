import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * bench/history.jsonl keeps one line per run (`kind: 'api'` from `npm run bench`, `kind: 'widget'`
 * from `npm run bench:lighthouse`), so the figures of every run stay comparable; trend.svg draws
 * the API runs from it.
 */
export interface ApiRun {
  kind: 'api';
  date: string;
  commit: string | null;
  machine: string;
  seconds: number;
  /** A BENCH_QUICK run (short durations): kept out of the trend. */
  quick?: boolean;
  /** Set on a line carried over from an earlier RESULTS.md rather than measured by this code. */
  imported?: string;
  scenarios: Array<{ name: string; requestsPerSecond: number; p50Ms: number; p99Ms: number }>;
  booking?: BookingFigures;
  /** The whole booking again on a cluster of two workers (WEB_CONCURRENCY=2). */
  bookingTwoWorkers?: BookingFigures;
  /** The whole booking again with the server on PostgreSQL over TCP (127.0.0.1). */
  bookingOverTcp?: BookingFigures;
  /** How the measured servers reach PostgreSQL; runs without it connected over TCP. */
  connection?: 'unix socket' | 'tcp';
  /** Each server the run started: its start-up and its resident memory after its load. */
  servers?: Array<{
    name: string;
    workers: number;
    cacheMs: number;
    startupMs: number;
    /** The spawned process: the server, or with workers the cluster primary. */
    mainRssMb: number;
    workerRssMb: number[];
  }>;
  /** Uncached availability by sector size (100 visits per nurse): flat out and open loop at `rate`. */
  sweep?: {
    rate: number;
    seconds: number;
    points: Array<{
      nurses: number;
      visits: number;
      requestsPerSecond: number;
      flatP99Ms: number;
      p50Ms: number;
      p99Ms: number;
      failures: number;
    }>;
  };
  /** From each booking's approved payment to its confirmation e-mail's arrival, during the whole booking. */
  confirmationEmail?: {
    confirmed: number;
    delivered: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    backlogAtEnd: number;
  };
  /** A backlog of e-mail events delivered by the server's outbox worker. */
  outbox?: { events: number; delivered: number; eventsPerSecond: number; firstMs: number; totalMs: number };
  contention?: {
    requests: number;
    succeeded: number;
    refused: number;
    other: number;
    invariantKept: boolean;
  };
}

interface BookingFigures {
  customers: number;
  bookingsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** p99 of each call (absent from the lines before the goal on each call's p99). */
  stepP99Ms?: Record<string, number>;
}

/**
 * Rows renamed since they were recorded, read under their new names so the trend stays one line:
 * the availability rows were served from the 2 s cache before the uncached rows joined them.
 */
const RENAMED: Record<string, string> = {
  'time-availability @ 600 req/s': 'time-availability @ 600 req/s, cached (2 s)',
  'time-availability (flat out)': 'time-availability (flat out), cached (2 s)',
};

export function gitCommit(): string | null {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Whether the worktree differs from that commit (the figures then measured more than it). */
export function gitDirty(): boolean {
  const result = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    encoding: 'utf8',
  });
  return result.status === 0 && result.stdout.trim() !== '';
}

export function appendHistory(path: URL, entry: object): void {
  appendFileSync(path, `${JSON.stringify(entry)}\n`);
}

/** The API runs, without the quick ones unless asked (a quick run's trend is drawn from quick runs). */
function readApiRuns(path: URL, { quick = false }: { quick?: boolean } = {}): ApiRun[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { kind?: string })
    .filter((entry): entry is ApiRun => entry.kind === 'api' && (quick || !(entry as ApiRun).quick))
    .map((run) => ({
      ...run,
      scenarios: run.scenarios.map((scenario) => ({
        ...scenario,
        name: RENAMED[scenario.name] ?? scenario.name,
      })),
    }));
}

// ---- trend.svg: a hand-drawn line chart, no chart library ----

const WIDTH = 980;
const PLOT = { left: 64, right: 560 };
const PANELS = [
  {
    key: 'rate',
    title: 'requests/s (whole booking: bookings/s; outbox: e-mails/s), log scale',
    top: 48,
    bottom: 258,
  },
  {
    key: 'p99',
    title: 'p99 ms (whole booking: per booking; e-mail: from confirmation), log scale',
    top: 330,
    bottom: 536,
  },
] as const;
const HEIGHT = 590;
const COLOURS = [
  '#1b7837',
  '#2166ac',
  '#b2182b',
  '#e08214',
  '#542788',
  '#01665e',
  '#8c510a',
  '#4d4d4d',
  '#c51b7d',
  '#35978f',
  '#7570b3',
  '#66a61e',
  '#a6761d',
  '#1f78b4',
];
const BOOKING = 'whole booking';
const BOOKING_TWO = 'whole booking (2 workers)';
const BOOKING_TCP = 'whole booking, PostgreSQL over TCP';
const OUTBOX = 'outbox delivery (events/s)';
const MAIL = 'confirmation → e-mail';

export const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The series of the chart: one per scenario seen in the runs, plus the whole booking. */
function seriesOf(runs: ApiRun[]): Array<{ name: string; rate: (number | null)[]; p99: (number | null)[] }> {
  const names = [...new Set(runs.flatMap((run) => run.scenarios.map((scenario) => scenario.name)))];
  const series = names.map((name) => ({
    name,
    rate: runs.map((run) => run.scenarios.find((s) => s.name === name)?.requestsPerSecond ?? null),
    p99: runs.map((run) => run.scenarios.find((s) => s.name === name)?.p99Ms ?? null),
  }));
  if (runs.some((run) => run.booking))
    series.push({
      name: BOOKING,
      rate: runs.map((run) => run.booking?.bookingsPerSecond ?? null),
      p99: runs.map((run) => run.booking?.p99Ms ?? null),
    });
  if (runs.some((run) => run.bookingTwoWorkers))
    series.push({
      name: BOOKING_TWO,
      rate: runs.map((run) => run.bookingTwoWorkers?.bookingsPerSecond ?? null),
      p99: runs.map((run) => run.bookingTwoWorkers?.p99Ms ?? null),
    });
  if (runs.some((run) => run.bookingOverTcp))
    series.push({
      name: BOOKING_TCP,
      rate: runs.map((run) => run.bookingOverTcp?.bookingsPerSecond ?? null),
      p99: runs.map((run) => run.bookingOverTcp?.p99Ms ?? null),
    });
  // Drawn where they have a figure: the outbox's rate above, the e-mail delay's p99 below.
  if (runs.some((run) => run.outbox))
    series.push({
      name: OUTBOX,
      rate: runs.map((run) => run.outbox?.eventsPerSecond ?? null),
      p99: runs.map(() => null),
    });
  if (runs.some((run) => run.confirmationEmail))
    series.push({
      name: MAIL,
      rate: runs.map(() => null),
      p99: runs.map((run) => run.confirmationEmail?.p99Ms ?? null),
    });
  return series;
}

/** Powers of ten covering the values, at least one decade. */
export function decades(values: number[]): [number, number] {
  const positive = values.filter((value) => value > 0);
  if (positive.length === 0) return [0, 1];
  const low = Math.floor(Math.log10(Math.min(...positive)));
  const high = Math.ceil(Math.log10(Math.max(...positive)));
  return [low, Math.max(high, low + 1)];
}

/** Renders the last `limit` API runs: x is the run, y a log scale, one coloured line per series. */
function renderTrend(allRuns: ApiRun[], limit = 30): string {
  const runs = allRuns.slice(-limit);
  const series = seriesOf(runs);
  const x = (index: number) =>
    runs.length <= 1
      ? (PLOT.left + PLOT.right) / 2
      : PLOT.left + 16 + (index * (PLOT.right - PLOT.left - 32)) / (runs.length - 1);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="trend-title" font-family="system-ui, sans-serif" font-size="12">`,
    `<title id="trend-title">Visita benchmark trend: throughput and p99 latency per scenario over the last ${runs.length} runs of npm run bench</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${PLOT.left}" y="22" font-size="15" font-weight="600">Visita benchmark: ${runs.length} run${runs.length === 1 ? '' : 's'}, ${escape(runs[0]?.date.slice(0, 10) ?? '')} to ${escape(runs.at(-1)?.date.slice(0, 10) ?? '')}</text>`,
  ];
  for (const panel of PANELS) {
    const values = series.flatMap((s) => s[panel.key]).filter((v): v is number => v !== null);
    const [low, high] = decades(values);
    const y = (value: number) =>
      panel.bottom -
      ((Math.log10(Math.max(value, 10 ** low)) - low) / (high - low)) * (panel.bottom - panel.top);
    out.push(`<text x="${PLOT.left}" y="${panel.top - 10}" font-weight="600">${escape(panel.title)}</text>`);
    out.push(
      `<rect x="${PLOT.left}" y="${panel.top}" width="${PLOT.right - PLOT.left}" height="${panel.bottom - panel.top}" fill="none" stroke="#999"/>`,
    );
    for (let power = low; power <= high; power += 1) {
      const tick = y(10 ** power);
      out.push(
        `<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${tick.toFixed(1)}" y2="${tick.toFixed(1)}" stroke="#e5e5e5"/>`,
        `<text x="${PLOT.left - 6}" y="${(tick + 4).toFixed(1)}" text-anchor="end" fill="#555">${(10 ** power).toLocaleString('en-US')}</text>`,
      );
    }
    series.forEach((s, index) => {
      const colour = COLOURS[index % COLOURS.length] ?? '#000';
      const points = s[panel.key]
        .map((value, run) => (value === null ? null : `${x(run).toFixed(1)},${y(value).toFixed(1)}`))
        .filter((point): point is string => point !== null);
      if (points.length > 1)
        out.push(
          `<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"${s.name === BOOKING || s.name === BOOKING_TWO ? ' stroke-dasharray="6 3"' : ''}/>`,
        );
      for (const point of points) {
        const [cx, cy] = point.split(',');
        out.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${colour}"/>`);
      }
    });
  }
  // Run labels under the lower panel: the date, thinned out when there are many runs.
  const every = Math.max(1, Math.ceil(runs.length / 10));
  runs.forEach((run, index) => {
    if (index % every !== 0 && index !== runs.length - 1) return;
    const label = `${run.date.slice(5, 10)}${run.imported ? '*' : ''}`;
    out.push(
      `<text x="${x(index).toFixed(1)}" y="${PANELS[1].bottom + 16}" text-anchor="middle" fill="#555">${escape(label)}</text>`,
    );
  });
  // Legend with the latest figures, so the chart reads on its own.
  const last = runs.length - 1;
  out.push(`<text x="${PLOT.right + 24}" y="${PANELS[0].top + 4}" font-weight="600">latest run</text>`);
  series.forEach((s, index) => {
    // As many rows as fit beside both panels.
    const top = PANELS[0].top + 24 + index * Math.min(40, (HEIGHT - PANELS[0].top - 60) / series.length);
    const colour = COLOURS[index % COLOURS.length] ?? '#000';
    const rate = s.rate[last];
    const p99 = s.p99[last];
    out.push(
      `<line x1="${PLOT.right + 24}" x2="${PLOT.right + 48}" y1="${top}" y2="${top}" stroke="${colour}" stroke-width="3"${s.name === BOOKING || s.name === BOOKING_TWO ? ' stroke-dasharray="6 3"' : ''}/>`,
      `<text x="${PLOT.right + 54}" y="${top + 4}">${escape(s.name)}</text>`,
      `<text x="${PLOT.right + 54}" y="${top + 20}" fill="#555">${rate === null || rate === undefined ? '–' : `${rate.toLocaleString('en-US')}/s`}, p99 ${p99 === null || p99 === undefined ? '–' : `${p99} ms`}</text>`,
    );
  });
  if (runs.some((run) => run.imported))
    out.push(
      `<text x="${PLOT.left}" y="${HEIGHT - 12}" fill="#555">* carried over from an earlier RESULTS.md</text>`,
    );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

export function writeTrend(historyPath: URL, svgPath: URL, options: { quick?: boolean } = {}): void {
  writeFileSync(svgPath, renderTrend(readApiRuns(historyPath, options)));
}
