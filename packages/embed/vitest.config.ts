import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'embed', include: ['src/**/*.test.ts'] },
});
