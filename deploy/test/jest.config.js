const path = require('node:path');
const root = require('../../jest.config.js');

/**
 * `npm run test:deploy`'s suites: the image and the stack, which need Docker and the image the
 * script builds (PORTAL_IMAGE). Apart from `npm test`, whose projects never match them, and with
 * the server project's transform and timeouts.
 */
const server = root.projects.find((project) => project.displayName === 'server');

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  // Two suites at a time, slowest first: the 1 GB suite takes about as long as the others
  // together, and CI's ten minutes include this run. Its figures are memory, which a neighbour
  // does not change; the start figures print the load average they were taken under.
  maxWorkers: 2,
  testSequencer: root.testSequencer,
  globalSetup: root.globalSetup,
  globalTeardown: root.globalTeardown,
  projects: [
    {
      ...server,
      rootDir: path.resolve(__dirname, '../..'),
      displayName: 'deploy',
      testMatch: ['<rootDir>/test/deploy/image*.test.ts', '<rootDir>/test/deploy/stack*.test.ts'],
    },
  ],
};
