import { defineConfig } from 'vitest/config'

// One `npm test` runs every project: server (real app on PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), pure packages, the web unit tests (jsdom) and the browser tests.
export default defineConfig({
  test: {
    // Two test files at a time on CI's two cores (Vitest's default leaves one core idle): the server
    // tests wait on PostgreSQL as much as they compute. The browser tests stay one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // One file at a time: two browsers, two servers and a back office's animations on two
          // cores made clicks land before the page was ready (seen as flaky failures).
          fileParallelism: false,
          // Both client apps built once for the run, not once per file.
          globalSetup: ['e2e/global-setup.ts'],
          // After the server and web tests: a browser starved of CPU by the server suite's load and
          // fuzz tests times out for no fault of the app.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
