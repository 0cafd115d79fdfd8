const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

/**
 * One directory per jest run where probeSync (scripts/support/databases.ts) keeps whether
 * PostgreSQL and Redis answered: every suite asks, the first one's child process answers them
 * all. Workers start after this and inherit the variable.
 */
module.exports = async function makeProbesDir() {
  process.env.TEST_PROBES_DIR = mkdtempSync(join(tmpdir(), 'jest-probes-'));
};

module.exports.remove = async function removeProbesDir() {
  if (process.env.TEST_PROBES_DIR)
    rmSync(process.env.TEST_PROBES_DIR, { recursive: true, force: true });
};
