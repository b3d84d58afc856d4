import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
