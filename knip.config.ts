import type { KnipConfig } from 'knip';

/**
 * knip: unused files, exports and dependencies, checked by `npm test`. Every ignore below names
 * what it covers and why knip cannot see its use.
 */
const config: KnipConfig = {
  entry: [
    // The two browser apps: Parcel starts from their index.html, whose module script is this.
    'src/ui/shell/index.tsx',
    'console/src/ui/shell/index.tsx',
    // The API and the sandbox gateway (npm run start:server, start:sandbox).
    'server/main.ts',
    'sandbox-gateway/main.ts',
    // npm scripts, the bench and the build helpers.
    'scripts/*.{ts,mjs,cjs}',
    // Piscina loads the receipt worker by its file path, not by an import.
    'server/adapters/pdf/receipt-render.worker.ts',
    // The production-build test runs the compiled server under this guard (node --require).
    'test/server/support/production-dependencies-only.cjs',
    // jest.config.js names this test environment only when TEST_CPU_REPORT is set.
    'test/setup/cpu-report-environment.js',
  ],
  project: ['{src,console,server,sandbox-gateway,scripts,test}/**/*.{ts,tsx,js,cjs,mjs}'],
  // A constant or type its own module uses is part of that module's surface (a limit beside the
  // function it bounds, a Messages type beside its use case); only exports nothing uses count.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Parcel's browser polyfills and helpers: the bundles import them, the sources never do.
    '@swc/helpers',
    'buffer',
    'process',
    // Parcel's default config and the plugins .parcelrc names, installed with parcel.
    /^@parcel\//,
    // The bench runs Lighthouse's CLI by its path (scripts/bench/settings.ts).
    'lighthouse',
    // `first-page:` names a Parcel pipeline for the first page's locale (.parcelrc), no package.
    'first-page',
  ],
  // Left to the operator console's owners, whose code is changing: exports nothing uses yet.
  ignoreIssues: {
    // The console SPA's clock token and page ids.
    'console/src/domain/ports/clock.port.ts': ['exports'],
    'console/src/domain/menu.ts': ['types'],
    // The console API's action names, as types beside the lists the routes check.
    'src/contract/ops-api.ts': ['types'],
    // The audit export's check by a third party (docs/console.md), which no code runs here.
    'server/adapters/ops/ed25519-audit-signer.adapter.ts': ['exports'],
    // The operators' passkey tables, and the reason rule of the console's actions.
    'server/adapters/postgres/postgres-passkey-store.adapter.ts': ['exports'],
    'server/use-cases/ops/actor.ts': ['exports'],
    // A second API instance for the tests of two instances.
    'test/server/support/second-instance.ts': ['exports'],
  },
  // Poppler's tools, which the receipt tests run when the machine has them; Debian's
  // docker-compose and Caddy, which the deploy tests run; PostgreSQL's client tools, which the
  // backups run (Debian's postgresql-client); openssl, with which the e-invoice signature test
  // makes a throwaway certificate.
  ignoreBinaries: [
    'pdftoppm',
    'pdftotext',
    'pdffonts',
    'docker-compose',
    'caddy',
    'pg_dump',
    'pg_restore',
    'openssl',
  ],
};

export default config;
