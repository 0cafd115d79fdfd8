const Sequencer = require('@jest/test-sequencer').default;

/**
 * Jest runs the suites it has timings for longest first, and the others (every suite of a fresh
 * clone) by file size, which starts the slowest ones (browser suites, a few server suites that
 * each start processes or run thousands of requests) late: the run then ends on them, one
 * worker busy and the others idle. Here a suite without a timing gets an estimate, in ms, from
 * where it lives, so the slow ones start first either way.
 */
const ESTIMATES_MS = [
  [/\/test\/e2e\//, 60_000],
  [
    /gateway-conformance|hostile-input\.(property|http)|\/sandbox-gateway\/(with-api|processes)|gateway-restart|concurrent-limits|platform/,
    25_000,
  ],
  // The suites over both databases (contracts, migrations, races of several instances or
  // processes), each some 10-40 s: after those above, before the many short ones.
  [/\/server\/(contracts|system|adapters\/postgres)\/|\/http\/sessions-/, 15_000],
];

class SlowSuitesFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const estimate = (test) =>
      test.duration ?? ESTIMATES_MS.find(([where]) => where.test(test.path))?.[1] ?? 0;
    return ordered
      .map((test, index) => ({ test, index, failed: this.hasFailed(test), ms: estimate(test) }))
      .sort((a, b) => Number(b.failed) - Number(a.failed) || b.ms - a.ms || a.index - b.index)
      .map(({ test }) => test);
  }
}

module.exports = SlowSuitesFirst;
