import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,infrastructure,command-api,projections,query-api,web,scripts,server,reliability}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
