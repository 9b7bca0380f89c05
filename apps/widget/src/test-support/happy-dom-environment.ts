import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * happy-dom, with the modules transformed as for the server ('ssr') rather than for a browser.
 * The component tests talk to the real API in-process (real-api.ts), and the browser transform
 * would rewrite the API's `new URL('..', import.meta.url)` (how it finds its migrations and data)
 * into a page URL. The widget's code runs the same either way: the DOM is happy-dom's.
 */
const environment: Environment = {
  ...builtinEnvironments['happy-dom'],
  name: 'happy-dom-server-modules',
  viteEnvironment: 'ssr',
};

export default environment;
