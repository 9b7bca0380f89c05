import { writeFileSync } from 'node:fs';
import { decades, escape } from './history.ts';
import type { SweepPoint } from './sweep.ts';

// scale.svg: the sweep over sector sizes, hand-drawn like trend.svg (no chart library). x is the
// sector's nurses on a log scale (each size doubles the last), y log scales too, so a cost that
// grows in proportion to the nurses reads as a straight line.

const WIDTH = 900;
const HEIGHT = 600;
const PLOT = { left: 70, right: 600 };
const PANELS = [
  { key: 'rate', top: 56, bottom: 260 },
  { key: 'latency', top: 330, bottom: 534 },
] as const;

interface Line {
  name: string;
  colour: string;
  dashed?: boolean;
  values: number[];
}

export function renderScale(
  points: readonly SweepPoint[],
  { rate, seconds, goalRps }: { rate: number; seconds: number; goalRps?: { rps: number; nurses: number } },
): string {
  const logX = points.map((point) => Math.log2(point.nurses));
  const [minX, maxX] = [Math.min(...logX), Math.max(...logX)];
  const x = (nurses: number) =>
    maxX === minX
      ? (PLOT.left + PLOT.right) / 2
      : PLOT.left + 24 + ((Math.log2(nurses) - minX) / (maxX - minX)) * (PLOT.right - PLOT.left - 48);
  const lines: Record<(typeof PANELS)[number]['key'], Line[]> = {
    rate: [
      { name: 'requests/s flat out', colour: '#2166ac', values: points.map((p) => p.requestsPerSecond) },
    ],
    latency: [
      { name: `p50 at ${rate} req/s`, colour: '#1b7837', values: points.map((p) => p.p50Ms) },
      { name: `p99 at ${rate} req/s`, colour: '#b2182b', values: points.map((p) => p.p99Ms) },
      {
        name: 'p99 flat out (queueing included)',
        colour: '#b2182b',
        dashed: true,
        values: points.map((p) => p.flatP99Ms),
      },
    ],
  };
  const titles = {
    rate: 'Uncached time-availability: requests/s flat out (32 connections), log scale',
    latency: `Latency, ms, log scale: open loop at ${rate} req/s (solid), flat out (dashed)`,
  };
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="scale-title" font-family="system-ui, sans-serif" font-size="12">`,
    `<title id="scale-title">Visita: how the cost of an uncached availability answer grows with the sector's nurses (100 visits each over the month)</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${PLOT.left}" y="22" font-size="15" font-weight="600">Uncached availability by sector size (${seconds} s per measure, AVAILABILITY_CACHE_MS=0)</text>`,
  ];
  for (const panel of PANELS) {
    const values = lines[panel.key].flatMap((line) => line.values);
    if (panel.key === 'rate' && goalRps) values.push(goalRps.rps);
    const [low, high] = decades(values);
    const y = (value: number) =>
      panel.bottom -
      ((Math.log10(Math.max(value, 10 ** low)) - low) / (high - low)) * (panel.bottom - panel.top);
    out.push(
      `<text x="${PLOT.left}" y="${panel.top - 10}" font-weight="600">${escape(titles[panel.key])}</text>`,
      `<rect x="${PLOT.left}" y="${panel.top}" width="${PLOT.right - PLOT.left}" height="${panel.bottom - panel.top}" fill="none" stroke="#999"/>`,
    );
    for (let power = low; power <= high; power += 1) {
      const tick = y(10 ** power).toFixed(1);
      out.push(
        `<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${tick}" y2="${tick}" stroke="#e5e5e5"/>`,
        `<text x="${PLOT.left - 6}" y="${Number(tick) + 4}" text-anchor="end" fill="#555">${(10 ** power).toLocaleString('en-US')}</text>`,
      );
    }
    if (panel.key === 'rate' && goalRps) {
      const goal = y(goalRps.rps).toFixed(1);
      out.push(
        `<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${goal}" y2="${goal}" stroke="#e08214" stroke-dasharray="4 4"/>`,
        // Under the line: above it, near the panel's top, it would run into the title.
        `<text x="${PLOT.right - 4}" y="${Number(goal) + 14}" text-anchor="end" fill="#e08214">goal at ${goalRps.nurses} nurses: ≥ ${goalRps.rps.toLocaleString('en-US')} req/s</text>`,
      );
    }
    lines[panel.key].forEach((line, index) => {
      const coords = line.values.map(
        (value, i) => `${x(points[i]?.nurses ?? 1).toFixed(1)},${y(value).toFixed(1)}`,
      );
      out.push(
        `<polyline points="${coords.join(' ')}" fill="none" stroke="${line.colour}" stroke-width="2"${line.dashed ? ' stroke-dasharray="6 3"' : ''}/>`,
      );
      line.values.forEach((value, i) => {
        const [cx, cy] = (coords[i] ?? '0,0').split(',');
        out.push(
          `<circle cx="${cx}" cy="${cy}" r="3" fill="${line.colour}"/>`,
          `<text x="${cx}" y="${Number(cy) - 7}" text-anchor="middle" fill="${line.colour}" font-size="10">${value.toLocaleString('en-US')}</text>`,
        );
      });
      const top = panel.top + 14 + index * 20;
      out.push(
        `<line x1="${PLOT.right + 20}" x2="${PLOT.right + 44}" y1="${top}" y2="${top}" stroke="${line.colour}" stroke-width="3"${line.dashed ? ' stroke-dasharray="6 3"' : ''}/>`,
        `<text x="${PLOT.right + 50}" y="${top + 4}">${escape(line.name)}</text>`,
      );
    });
  }
  // The sizes under the lower panel: nurses, and the visits they have over the month.
  for (const point of points) {
    const cx = x(point.nurses).toFixed(1);
    out.push(
      `<text x="${cx}" y="${PANELS[1].bottom + 18}" text-anchor="middle">${point.nurses} nurses</text>`,
      `<text x="${cx}" y="${PANELS[1].bottom + 32}" text-anchor="middle" fill="#555">${point.visits.toLocaleString('en-US')} visits</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

export function writeScale(path: URL, ...args: Parameters<typeof renderScale>): void {
  writeFileSync(path, renderScale(...args));
}
