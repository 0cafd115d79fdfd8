/** The dependency rules of docs/architecture.md, checked on every `npm test`. */

/**
 * A server layer that looks only inward: files under server/<layer> may import, of our own code,
 * the server layers `allowed` and the shared contract (packages and Node built-ins are free).
 */
function serverLayer(name, comment, layer, allowed) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^server/${layer}` },
    to: {
      path: '^(src|server|sandbox-gateway)/',
      pathNot: [`^server/(${allowed.join('|')})`, '^src/contract'],
    },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'src/domain imports nothing outside itself (class-validator/transformer in rules are the exception).',
      severity: 'error',
      from: { path: '^src/domain' },
      to: {
        pathNot: [
          '^src/domain',
          '^src/contract',
          'node_modules/(class-validator|class-transformer)/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'domain-no-adapters-ui-server',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: ['^src/adapters', '^src/ui', '^server'] },
    },
    {
      name: 'adapters-not-ui',
      comment:
        "Adapters never import the member UI; the UI kit, which stands alone, is theirs too (the passkey ceremony both apps' adapters run).",
      severity: 'error',
      from: { path: '^src/adapters' },
      to: { path: ['^src/ui/', '^server'] },
    },
    {
      name: 'spa-never-imports-server',
      severity: 'error',
      from: { path: '^src' },
      to: { path: '^server' },
    },
    {
      name: 'server-shares-only-contract',
      comment: 'The only SPA code the server may use is the shared contract.',
      severity: 'error',
      from: { path: '^server' },
      to: { path: '^src', pathNot: '^src/contract' },
    },
    {
      name: 'sandbox-gateway-not-server',
      comment: 'The sandbox gateway talks to the API only over HTTP, as a real gateway does.',
      severity: 'error',
      from: { path: '^sandbox-gateway' },
      to: { path: '^server' },
    },
    {
      name: 'sandbox-gateway-shares-only-contract',
      comment: 'The only SPA code the sandbox gateway may use is the shared contract.',
      severity: 'error',
      from: { path: '^sandbox-gateway' },
      to: { path: '^src', pathNot: '^src/contract' },
    },
    {
      name: 'server-not-sandbox-gateway',
      comment: 'The API knows its gateway by URL and signature only, never by its code.',
      severity: 'error',
      from: { path: '^server' },
      to: { path: '^sandbox-gateway' },
    },
    {
      name: 'spa-not-sandbox-gateway',
      severity: 'error',
      from: { path: '^src' },
      to: { path: '^sandbox-gateway' },
    },
    {
      name: 'contract-imports-nothing',
      comment: 'The contract is shared by every app, so it depends on none of them.',
      severity: 'error',
      from: { path: '^src/contract' },
      to: { pathNot: ['^src/contract', 'node_modules/(class-validator|class-transformer)/'] },
    },
    {
      name: 'screen-imports-no-other-screen',
      comment:
        'A screen uses only its own folder; what two screens share lives in src/ui/components or src/ui/shared.',
      severity: 'error',
      from: { path: '^src/ui/screens/([^/]+)/' },
      to: { path: '^src/ui/screens/', pathNot: '^src/ui/screens/$1/' },
    },
    {
      name: 'shared-not-shell',
      comment: 'Shared pieces are used by the shell and the screens, so they import neither.',
      severity: 'error',
      from: { path: '^src/ui/(shared|components)/' },
      to: { path: ['^src/ui/shell/', '^src/ui/screens/'] },
    },
    {
      name: 'screens-not-shell',
      comment: 'The shell binds and routes the screens; a screen never reaches back into it.',
      severity: 'error',
      from: { path: '^src/ui/screens/' },
      to: { path: '^src/ui/shell/' },
    },
    {
      name: 'ui-kit-stands-alone',
      comment:
        'The UI pieces the member app and the console share (src/ui-kit) import only each other and packages.',
      severity: 'error',
      from: { path: '^src/ui-kit/' },
      to: { path: '^(src|console|server|sandbox-gateway)/', pathNot: '^src/ui-kit/' },
    },
    {
      name: 'apps-never-import-console',
      comment:
        'The member app (and the servers) never import the operator console, so no console code reaches their bundles.',
      severity: 'error',
      from: { path: '^(src|server|sandbox-gateway)/' },
      to: { path: '^console/' },
    },
    {
      name: 'console-shares-only-contract-and-kit',
      comment:
        'Of the other apps the operator console uses only the contract and the shared UI kit.',
      severity: 'error',
      from: { path: '^console/' },
      to: {
        path: '^(src|server|sandbox-gateway)/',
        pathNot: ['^src/contract/', '^src/ui-kit/'],
      },
    },
    {
      name: 'console-domain-is-pure',
      comment:
        "The console's domain imports only itself and the contract: no adapter, view, package or UI kit (class-validator/transformer for its form classes are the exception).",
      severity: 'error',
      from: { path: '^console/src/domain/' },
      to: {
        pathNot: [
          '^console/src/domain/',
          '^src/contract/',
          'node_modules/(class-validator|class-transformer)/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'console-screen-imports-no-other-screen',
      comment:
        'As in the member app: a console screen uses only its own folder; what two screens share lives in console/src/ui/shared or src/ui-kit.',
      severity: 'error',
      from: { path: '^console/src/ui/screens/([^/]+)/' },
      to: { path: '^console/src/ui/screens/', pathNot: '^console/src/ui/screens/$1/' },
    },
    {
      name: 'console-shared-not-shell',
      comment:
        "The console's shared pieces are used by its shell and its screens, so they import neither.",
      severity: 'error',
      from: { path: '^console/src/ui/shared/' },
      to: { path: ['^console/src/ui/shell/', '^console/src/ui/screens/'] },
    },
    {
      name: 'console-screens-not-shell',
      comment:
        "The console's shell binds and routes the screens; a screen never reaches back into it.",
      severity: 'error',
      from: { path: '^console/src/ui/screens/' },
      to: { path: '^console/src/ui/shell/' },
    },
    {
      name: 'console-ui-not-adapters',
      comment:
        "Only the console's composition root (its shell) picks adapters; screens and shared pieces reach them through ports.",
      severity: 'error',
      from: { path: '^console/src/ui/(screens|shared)/' },
      to: { path: '^console/src/adapters/' },
    },
    {
      name: 'console-adapters-not-ui',
      severity: 'error',
      from: { path: '^console/src/adapters/' },
      to: { path: '^console/src/ui/' },
    },
    serverLayer(
      'server-domain-is-pure',
      'The server domain imports only itself and the shared contract (Node built-ins allowed).',
      'domain',
      ['domain'],
    ),
    serverLayer(
      'server-ports-inward',
      'The server ports name only domain types, other ports and the shared contract.',
      'ports',
      ['domain', 'ports'],
    ),
    serverLayer(
      'server-use-cases-inward',
      'Server use cases import the domain, the ports, each other and the contract, never an adapter, route, setting or wiring.',
      'use-cases',
      ['domain', 'ports', 'use-cases'],
    ),
    {
      name: 'routes-not-adapters',
      comment:
        'Route handlers use what the container built; they never import an adapter. The one exception is the device label, a pure function of the User-Agent header (no I/O, no state) that the sign-in and passkey routes call.',
      severity: 'error',
      from: { path: '^server/(http|ops-http)/routes/' },
      to: {
        path: '^server/adapters/',
        pathNot: '^server/adapters/ua-parser-device-labels\\.adapter\\.ts$',
      },
    },
    {
      name: 'scripts-never-import-test',
      comment:
        'Scripts (the bench, the launchers, the build) run without the tests: what both need lives in scripts/support/.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-orphans',
      comment:
        'Every module is imported by another, or is an entry point the cruise cannot see: type declarations and the files jest.config.js names.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '\\.d\\.ts$',
          '^test/setup/',
          '^test/server/support/pglite-jest-transform\\.cjs$',
        ],
      },
      to: {},
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['node_modules', 'dist'] },
  },
};
