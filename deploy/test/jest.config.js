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
  // Containers, PostgreSQL and the image's builds share two cores: one suite at a time, so that
  // each figure (start to ready, stop, memory) is the image's own and not its neighbour's.
  maxWorkers: 1,
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
