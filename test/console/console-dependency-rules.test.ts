import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * The console's UI is held to the member UI's dependency rules: dependency-cruiser, with the
 * project's rules, run over a small console tree that breaks each rule once.
 */
const ROOT = resolve(__dirname, '../..');

/** Each file and what it imports (relative, as the code writes it). */
const TREE: Record<string, string[]> = {
  'console/src/ui/shell/index.js': ['./frame', '../screens/a/a.view', '../screens/b/b.view'],
  'console/src/ui/shell/frame.js': ['../shared/settings'],
  'console/src/ui/shared/settings.js': ['../shell/frame', '../screens/a/a.view'],
  'console/src/ui/screens/a/a.view.js': ['./a.view-model', '../b/b.view', '../../shell/frame'],
  'console/src/ui/screens/a/a.view-model.js': ['../../../adapters/fetch.adapter'],
  'console/src/ui/screens/b/b.view.js': ['../../shared/settings'],
  'console/src/adapters/fetch.adapter.js': [],
};

function violations(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'console-rules-'));
  try {
    for (const [file, imports] of Object.entries(TREE)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      const body = imports.map((path) => `import '${path}.js';`).join('\n');
      writeFileSync(join(dir, file), `${body}\nexport const used = 1;\n`);
    }
    // The project's rules as they are, without the options that name the project's tsconfig.
    writeFileSync(
      join(dir, 'rules.cjs'),
      `const { forbidden } = require(${JSON.stringify(join(ROOT, '.dependency-cruiser.cjs'))});
       module.exports = { forbidden: forbidden.filter((rule) => rule.name.startsWith('console-')) };`,
    );
    const out = execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        ...['console', '--config', 'rules.cjs', '--output-type', 'json'],
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    const { summary } = JSON.parse(out) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    return summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the console UI dependency rules', () => {
  it('refuse a screen reaching another screen, the shell or an adapter, and shared the shell', () => {
    expect(violations()).toEqual(
      [
        'console-screen-imports-no-other-screen: console/src/ui/screens/a/a.view.js -> console/src/ui/screens/b/b.view.js',
        'console-screens-not-shell: console/src/ui/screens/a/a.view.js -> console/src/ui/shell/frame.js',
        'console-shared-not-shell: console/src/ui/shared/settings.js -> console/src/ui/shell/frame.js',
        'console-shared-not-shell: console/src/ui/shared/settings.js -> console/src/ui/screens/a/a.view.js',
        'console-ui-not-adapters: console/src/ui/screens/a/a.view-model.js -> console/src/adapters/fetch.adapter.js',
      ].sort(),
    );
  });
});
