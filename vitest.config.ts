import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/embed', 'apps/api', 'apps/widget', 'e2e'],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      // Issue 3: the pure rules are the product's contract; keep them tested.
      thresholds: { lines: 95 },
    },
  },
});
