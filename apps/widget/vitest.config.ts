import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'widget',
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests render into a DOM (happy-dom); the plain rule tests do not mind having one.
    // Modules load as on the server, so the tests that talk to the real API can build it in-process.
    environment: './src/test-support/happy-dom-environment.ts',
    setupFiles: ['src/test-support/setup.ts'],
    // The tests that talk to the real API build it (migrations and the demo dataset) once per file.
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
