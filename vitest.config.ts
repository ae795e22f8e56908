import { defineConfig } from 'vitest/config'

// Three projects so each kind of test can be run alone; `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // The source-wide checks (messages-once reads every file: 1.5 s alone) ran past the
          // default 5 s beside the browser suite on a slow two-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Timed against a visitor's waits: run alone (`npm run test:timing`), not beside the
          // browser tests, whose load on two processors swung the waits by hundreds of ms.
          exclude: ['tests/api/parsers-worst-shape.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file builds its own app on its own SQLite file or PostgreSQL schema, so files
          // share nothing but loaded code: a worker loads the server's modules once instead of
          // once a file (import time fell from 172 s to 17 s, the run on both engines from
          // 600 s to 326 s).
          isolate: false,
        },
      },
      {
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'timing',
          include: ['tests/api/parsers-worst-shape.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A fresh server and a cold page load can take seconds on a busy machine; the default
          // second for expect.poll failed CI once. A passing check still returns at once.
          expect: { poll: { timeout: 10_000 } },
          // The worker keeps one browser and one server host (tests/helpers/server-host.ts) from
          // file to file, so it is not isolated; every file still has a fresh app and database
          // of its own and closes its pages. Files run one after another to fit two cores.
          isolate: false,
          fileParallelism: false,
        },
      },
    ],
  },
})
