import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'widget',
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests render into a DOM; the plain rule tests do not mind having one.
    environment: 'happy-dom',
    setupFiles: ['src/test-support/setup.ts'],
  },
});
