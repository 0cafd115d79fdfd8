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
// content-disposition 3 (used by @fastify/static), cookie 1 (used by app.inject()) and
// canonicalize 5 (the audit chain's JSON canonical form) are ESM-only too, and so are
// age-encryption (the backups' encryption) and its @noble and @scure packages; PGlite needs its
// transform.
const transformIgnorePatterns = [
  '/node_modules/(?!(inversify|@inversifyjs|content-disposition|cookie|canonicalize|@electric-sql/pglite|age-encryption|@noble|@scure)/)',
];

// Code in a test runs inside a vm context, where each read of a global (Math, JSON, Object...)
// goes through the context's interceptor: a hot loop that calls Math.abs ran 200 times slower
// than outside jest (nodejs/node#31658). Jest passes the globals named here to every module as
// parameters instead (its sandboxInjectedGlobals option): the sandbox gateway's suites, whose QR
// codes' PNG filter calls Math.abs for every byte, went from 41 to 23 s of CPU. Only built-ins that nothing replaces
// during a run are listed (not Date or the timers, which fake clocks swap), and none that
// modules commonly declare themselves (a `const Buffer = ...` would clash with a parameter).
const sandboxInjectedGlobals = [
  'Math',
  'JSON',
  'Object',
  'Array',
  'Number',
  'String',
  'Symbol',
  'Reflect',
  'Promise',
  'Map',
  'WeakMap',
  'Uint8Array',
  'ArrayBuffer',
  'DataView',
  'Error',
  'TypeError',
  'RangeError',
  'RegExp',
];

const common = {
  transform: tsJest,
  transformIgnorePatterns,
  // TEST_CPU_REPORT=<file> appends each suite file's CPU seconds to <file> (docs/testing.md).
  testEnvironment: process.env.TEST_CPU_REPORT
    ? '<rootDir>/test/setup/cpu-report-environment.js'
    : 'node',
  sandboxInjectedGlobals,
};

module.exports = {
  // Two workers per core, and at least four: a suite spends much of its time waiting on its
  // servers, databases or browser (child processes), so more workers than cores keep both cores
  // busy (on this 2-core machine, with browser suites alternating with the others: 353-366 s
  // with four workers, 452 s with three, 360 s with six).
  // Every suite has its own scratch databases, ports and Redis keys, so suites run side by side.
  maxWorkers: Math.max(4, require('node:os').availableParallelism() * 2),
  // The slowest suites start first, with or without timings from an earlier run.
  testSequencer: '<rootDir>/test/setup/slow-suites-first.js',
  globalSetup: '<rootDir>/test/setup/probes.js',
  globalTeardown: '<rootDir>/test/setup/probes-teardown.js',
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
        // The compose stack's files, read and validated without Docker (test:deploy runs Docker).
        '<rootDir>/test/deploy/compose*.test.ts',
        // The alert rules under promtool, and their runbooks.
        '<rootDir>/test/deploy/alerts*.test.ts',
      ],
      setupFiles: ['reflect-metadata'],
    },
    {
      ...common,
      displayName: 'server',
      // `npm run test:quick` (TEST_QUICK=1): only the suites that need no database, Redis, browser
      // or child process (test/setup/quick-suites.js sorts them by what they import).
      testMatch: process.env.TEST_QUICK
        ? require('./test/setup/quick-suites.js').quickSuites(`${__dirname}/test/server`)
        : [
            '<rootDir>/test/server/**/*.test.ts',
            // A running server's scrape against the alert rules and the dashboard.
            '<rootDir>/test/deploy/dashboard*.test.ts',
          ],
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
