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
    /gateway-conformance|hostile-input\.(property|http)|\/sandbox-gateway\/(with-api|processes)|gateway-restart|concurrent-limits|platform|jobs\/scheduler|gateway-down|worker-pool-receipt|callback-costs|pglite-data-dir|launchers|session-cache\./,
    25_000,
  ],
  // The suites over both databases (contracts, migrations, races of several instances or
  // processes), each some 10-40 s: after those above, before the many short ones.
  [/\/server\/(contracts|system|adapters\/postgres)\/|\/http\/sessions-/, 15_000],
];

/** Browser suites: each waits on Chromium and its servers much of the time (about 0.4 of a core). */
const BROWSER = /\/test\/e2e\//;

/**
 * Longest first, but the browser suites alternate with the others: three browser suites side by
 * side leave the cores half idle while they wait, one beside a server suite keeps them busy.
 */
class SlowSuitesFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const estimate = (test) =>
      test.duration ?? ESTIMATES_MS.find(([where]) => where.test(test.path))?.[1] ?? 0;
    const sorted = ordered
      .map((test, index) => ({ test, index, failed: this.hasFailed(test), ms: estimate(test) }))
      .sort((a, b) => Number(b.failed) - Number(a.failed) || b.ms - a.ms || a.index - b.index)
      .map(({ test }) => test);
    const browser = sorted.filter((test) => BROWSER.test(test.path));
    const others = sorted.filter((test) => !BROWSER.test(test.path));
    const interleaved = [];
    while (browser.length > 0 || others.length > 0) {
      if (browser.length > 0) interleaved.push(browser.shift());
      if (others.length > 0) interleaved.push(others.shift());
    }
    return interleaved;
  }
}

module.exports = SlowSuitesFirst;
