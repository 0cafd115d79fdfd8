/** The dependency rules of ARCHITECTURE.md, checked on every `npm test`. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'src/domain imports nothing outside itself (class-validator/transformer in rules are the exception).',
      severity: 'error',
      from: { path: '^src/domain' },
      to: {
        pathNot: ['^src/domain', 'node_modules/(class-validator|class-transformer)/'],
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
      severity: 'error',
      from: { path: '^src/adapters' },
      to: { path: ['^src/ui', '^server'] },
    },
    {
      name: 'spa-never-imports-server',
      severity: 'error',
      from: { path: '^src' },
      to: { path: '^server' },
    },
    {
      name: 'server-shares-only-rules',
      comment: 'The only SPA code the server may use is the pure field rules.',
      severity: 'error',
      from: { path: '^server' },
      to: { path: '^src', pathNot: '^src/domain/rules' },
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
