import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits one folder below the API's root, as the compiled server (dist/server.js) does,
// so every path below holds whether the server runs from source or compiled into one bundle,
// where every module shares the bundle's import.meta.url.
const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = join(API_ROOT, '..', '..');

/** The SQL migrations, applied at start to PGlite and PostgreSQL alike. */
export const MIGRATIONS_FOLDER = join(API_ROOT, 'src', 'db', 'migrations');
/** The built widget. */
export const WIDGET_DIST = join(REPO_ROOT, 'apps', 'widget', 'dist');
/** The built operations console, served at /console/. */
export const CONSOLE_DIST = join(REPO_ROOT, 'apps', 'console', 'dist');
/** The built partner script, served as /embed.js. */
export const EMBED_DIST = join(REPO_ROOT, 'packages', 'embed', 'dist');
/** The demo partner pages, served at /demo-host/ with the demo dataset. */
export const DEMO_HOST_DIR = join(REPO_ROOT, 'packages', 'embed', 'demo');
