const { appendFileSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/**
 * Jest's node environment, which also appends each suite file's CPU seconds, as one JSON line, to
 * the file TEST_CPU_REPORT names (jest.config.js uses it only then): its worker's own (the suite's
 * code, its in-process servers and PGlite) and its children's (server processes and Chromium's
 * browser process, once they have exited and been reaped; not Chromium's renderers, which init
 * reaps), read from /proc/self/stat (Linux) before the file's modules load and after its teardown.
 */
class CpuReportEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.file = path.relative(config.projectConfig.rootDir, context.testPath);
    this.start = cpuSeconds();
    this.startedAt = Date.now();
  }

  async teardown() {
    await super.teardown();
    const end = cpuSeconds();
    const line = {
      file: this.file,
      self: round(end.self - this.start.self),
      children: round(end.children - this.start.children),
      wall: round((Date.now() - this.startedAt) / 1000),
    };
    appendFileSync(process.env.TEST_CPU_REPORT, `${JSON.stringify(line)}\n`);
  }
}

/** utime + stime and cutime + cstime of this process, in seconds (clock ticks of 1/100 s). */
function cpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = (at) => Number(fields[at]) / 100;
  return { self: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
}

const round = (seconds) => Math.round(seconds * 100) / 100;

module.exports = CpuReportEnvironment;
