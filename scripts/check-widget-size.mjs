#!/usr/bin/env node
// Fails when the widget's entry JavaScript is above its budget (issue 7: 80 KB gzip). Run after
// `npm run build -w @visita/widget`; `npm test` runs it before the end-to-end tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 80 * 1000;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'widget', 'dist');
let html;
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8');
} catch {
  console.error(`No widget build in ${dist}: run npm run build -w @visita/widget first.`);
  process.exit(1);
}
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((match) => match[1]);
if (entries.length === 0) {
  console.error('No entry script found in dist/index.html.');
  process.exit(1);
}
let total = 0;
for (const src of entries) {
  const bytes = gzipSync(readFileSync(join(dist, src.replace(/^\//, '')))).length;
  total += bytes;
  console.info(`${src}: ${(bytes / 1000).toFixed(2)} kB gzip`);
}
if (total > BUDGET_BYTES) {
  console.error(
    `Widget entry is ${(total / 1000).toFixed(2)} kB gzip, above the ${BUDGET_BYTES / 1000} kB budget.`,
  );
  process.exit(1);
}
console.info(
  `Widget entry ${(total / 1000).toFixed(2)} kB gzip, within the ${BUDGET_BYTES / 1000} kB budget.`,
);
