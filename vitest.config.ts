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
          include: ['apps/server/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'eslint/**/*.test.ts'],
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
          // What a page shows after a socket message or a fetch: Vitest's 1 s default for
          // expect.poll was short for a run sharing two cores (a chat badge came later once).
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, as the rest: a browser test waits on pages more than it computes
          // (two at a time, the suite took 6.2 minutes and 5.6 CPU minutes; one at a time, 9.4),
          // and each file has its own server, data folder and profile. It also passed with another
          // core kept busy throughout: the tests wait for what they click.
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
