// `npm start`: builds the widget, the console, the embed script and the API when missing or older than their
// sources, then runs the compiled API (JavaScript, not TypeScript compiled at every start), which
// migrates, seeds and serves everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time under a folder, or of a single file (a source may be either). */
function newestMtime(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfStale(workspace, dir, output, sources) {
  const outputPath = join(root, dir, output);
  const built = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  const changed = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (built >= changed) return;
  console.info(`start: building ${workspace}`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('@visita/widget', 'apps/widget', 'dist/index.html', [
  'apps/widget/src',
  'apps/widget/public',
  'packages/domain/src',
]);
buildIfStale('@visita/console', 'apps/console', 'dist/index.html', [
  'apps/console/src',
  'apps/console/index.html',
  'packages/domain/src',
]);
if (existsSync(join(root, 'packages/embed/src'))) {
  buildIfStale('@visita/embed', 'packages/embed', 'dist/embed.js', ['packages/embed/src']);
}

buildIfStale('@visita/api', 'apps/api', 'dist/server.js', ['apps/api/src', 'packages/domain/src']);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
