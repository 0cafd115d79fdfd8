/**
 * Four suites, one runner:
 *  - unit:   domain use cases, rules, view-models and adapters with fakes (no I/O)
 *  - server: the API over real HTTP, on PGlite and on the local PostgreSQL server
 *  - sandbox: the sandbox gateway app (inject and real HTTP), alone and beside the API
 *  - e2e:    Debian's Chromium driven by playwright-core against the real server
 */
// ts-jest transpiles each file on its own, without a type-check (isolatedModules: true in
// tsconfig.json, which tsconfig.jest.json extends; `npm run typecheck` checks the types).
const tsJest = {
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }],
  // PGlite's CommonJS build uses import() for node builtins: see the transform's comment.
  '/@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/test/server/support/pglite-jest-transform.cjs',
};
// inversify 8 and its packages are ESM-only: let ts-jest transform them.
// content-disposition 3 (used by @fastify/static) and cookie 1 (used by app.inject()) are
// ESM-only too; PGlite needs its transform.
const transformIgnorePatterns = [
  '/node_modules/(?!(inversify|@inversifyjs|content-disposition|cookie|@electric-sql/pglite)/)',
];

const common = { transform: tsJest, transformIgnorePatterns, testEnvironment: 'node' };

module.exports = {
  // One worker per core plus one, and at least three: a suite spends much of its time waiting on
  // its servers, databases or browser (child processes), so a worker more than the cores keeps
  // both cores busy (on this 2-core machine: 278 s with two workers, 241 s with three).
  // Every suite has its own scratch databases, ports and Redis keys, so suites run side by side.
  maxWorkers: Math.max(3, require('node:os').availableParallelism() + 1),
  // The slowest suites start first, with or without timings from an earlier run.
  testSequencer: '<rootDir>/test/setup/slow-suites-first.js',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/test/domain/**/*.test.ts',
        '<rootDir>/test/ui/**/*.test.ts',
        '<rootDir>/test/adapters/**/*.test.ts',
        '<rootDir>/test/locales/**/*.test.ts',
        '<rootDir>/test/console/**/*.test.ts',
      ],
      setupFiles: ['reflect-metadata'],
    },
    {
      ...common,
      displayName: 'server',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      // 60 s per test and hook: jest ignores `testTimeout` inside a project, so a setup file sets it.
      setupFilesAfterEnv: ['<rootDir>/test/setup/servers-timeout.ts'],
    },
    {
      ...common,
      displayName: 'sandbox',
      testMatch: ['<rootDir>/test/sandbox-gateway/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/servers-timeout.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/browser-timeout.ts'],
    },
  ],
};
