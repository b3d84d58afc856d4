import { defineConfig } from 'vitest/config';

/**
 * Two projects. `unit`: pure code next to its source (parsers, schedules, CSV…), no database, seconds to
 * run (`pnpm test:unit`). `integration`: the HTTP, tRPC and job tests against one real PostgreSQL that
 * the global setup starts (embedded, or TEST_DATABASE_URL's server).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
        },
      },
    ],
  },
});
