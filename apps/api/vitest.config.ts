import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Each API test file migrates its own database; PostgreSQL ones create a database apiece.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
