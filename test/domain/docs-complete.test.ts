import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadSandboxGatewayConfig } from '../../sandbox-gateway/config';
import { loadConfig } from '../../server/config';
import {
  markdownFiles,
  quotedNames,
  readRepoFile,
  repoPathExists,
  ROOT,
  section,
  tableRows,
} from './support/markdown';

/**
 * The docs are complete, not only true: every environment variable any code of the repository
 * reads has a row in docs/configuration.md whose default is the one the code gives, every npm
 * script is described somewhere in the README or docs/, and every file a recipe of
 * docs/architecture.md names exists where the recipe says. (docs-are-true.test.ts checks that
 * what the pages say exists.)
 */

const configuration = readRepoFile('docs/configuration.md');
const TABLES = {
  server: tableRows(section(configuration, 'Server settings')),
  browser: tableRows(section(configuration, 'Browser-app settings')),
  tests: tableRows(section(configuration, 'Test and bench settings')),
};
/** The names in the first column of some rows, each with its default cell. */
function defaultsOf(rows: string[][]): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const [first, second] of rows) {
    const names = quotedNames(first ?? '');
    const cells = (second ?? '').split(' / ');
    names.forEach((name, i) =>
      defaults.set(name, (cells.length === names.length ? cells[i] : second) ?? ''),
    );
  }
  return defaults;
}
const documented = {
  server: defaultsOf(TABLES.server),
  browser: defaultsOf(TABLES.browser),
  tests: defaultsOf(TABLES.tests),
};

/** The machine's own variables, which no code of ours gives a meaning. */
const SYSTEM = new Set(['PATH', 'HOME']);
const SOURCE = /\.(?:tsx?|[cm]?js)$/;
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.includes('node_modules'))
    .map((file) => path.posix.join(dir, file));
}
const withoutComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * The variables a file reads: `process.env.NAME`, `process.env['NAME']`, the server's EnvReader
 * (`read.integer('NAME', ...)`), and in a file that reads `env[name]` or `process.env[name]`
 * through a helper of its own, every call of a function with a name as first argument.
 */
function namesReadBy(file: string): string[] {
  const code = withoutComments(readRepoFile(file));
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]*)/g,
    /process\.env\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g,
    /\bread\.\w+(?:<\w+>)?\(\s*'([A-Z][A-Z0-9_]*)'/g,
  ];
  const helpers = [...code.matchAll(/(?:const\s+(\w+)\s*=\s*|function\s+(\w+)\s*)\(\s*name\b/g)];
  if (/\benv\[\s*name\s*\]/.test(code) && helpers.length > 0) {
    const names = helpers.map((m) => m[1] ?? m[2]).join('|');
    patterns.push(new RegExp(`\\b(?:${names})(?:<\\w+>)?\\(\\s*'([A-Z][A-Z0-9_]*)'`, 'g'));
  }
  return patterns.flatMap((p) => [...code.matchAll(p)].map((m) => m[1]));
}
function readsIn(dirs: string[]): Map<string, string[]> {
  const reads = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => (dir.includes('.') ? [dir] : sourcesUnder(dir)))) {
    if (/^test\/domain\/docs-/.test(file)) continue; // these talk about process.env.NAME
    for (const name of namesReadBy(file).filter((n) => !SYSTEM.has(n))) {
      reads.set(name, [...(reads.get(name) ?? []), file]);
    }
  }
  return reads;
}

const appReads = readsIn(['server', 'sandbox-gateway', 'scripts/start.ts', 'scripts/ops.ts']);
const browserReads = readsIn(['src', 'console']);
const otherReads = readsIn(['scripts', 'test', 'jest.config.js']);

describe('docs/configuration.md is complete', () => {
  it('has a row for every variable the API, the sandbox gateway, the launcher and the CLI read', () => {
    expect(appReads.size).toBeGreaterThan(40);
    const missing = [...appReads].filter(([name]) => !documented.server.has(name));
    expect(missing.map(([name, files]) => `${name} (${files[0]})`)).toEqual([]);
  });

  it("has a row for every variable the browser apps' builds inline", () => {
    const missing = [...browserReads.keys()].filter((name) => !documented.browser.has(name));
    expect(missing).toEqual([]);
  });

  it('has a row for every variable the tests, their helpers and the bench read', () => {
    const rows = new Set([...documented.server.keys(), ...documented.tests.keys()]);
    const missing = [...otherReads].filter(([name]) => !rows.has(name));
    expect(missing.map(([name, files]) => `${name} (${files[0]})`)).toEqual([]);
  });

  it('gives every server default as it applies: setting a variable to it changes nothing', () => {
    // A default cell is checked when it is one back-quoted value, e.g. `8080` or `info`
    // (`silent` in test); one naming another setting (`PORT + 1`) or no value (unset) is not.
    const loaders = [loadConfig, loadSandboxGatewayConfig] as const;
    const load = (loader: (typeof loaders)[number], env: NodeJS.ProcessEnv): unknown => {
      try {
        return loader(env);
      } catch (error) {
        return error instanceof Error ? error.message : error;
      }
    };
    const compared: string[] = [];
    const wrong: string[] = [];
    for (const [name, cell] of documented.server) {
      const value = /^`([^`]+)`(?:\s|$)/.exec(cell.trim())?.[1];
      if (value === undefined || /[A-Z]{2,}/.test(value)) continue;
      compared.push(name);
      for (const loader of loaders) {
        if (!isDeepStrictEqual(load(loader, { [name]: value }), load(loader, {}))) {
          wrong.push(`${name}=${value} is not what ${loader.name} does without it`);
        }
      }
    }
    expect(compared.length).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });

  it('gives the fallback the code writes beside each read (`process.env.NAME ?? value`)', () => {
    const fallback =
      /process\.env\.([A-Z][A-Z0-9_]*)\)?\s*(?:\?\?|\|\|)\s*(?:'([^']*)'|([\d_]+)\b)/g;
    const all = new Map([...documented.tests, ...documented.browser, ...documented.server]);
    const found: string[] = [];
    const wrong: string[] = [];
    const files = ['src', 'scripts', 'test'].flatMap(sourcesUnder).concat('scripts/start.ts');
    for (const file of files) {
      for (const m of withoutComments(readRepoFile(file)).matchAll(fallback)) {
        const [, name, text, number] = m;
        const code = text ?? number.replace(/_/g, '');
        const cell = /^`([^`]+)`/.exec(all.get(name)?.trim() ?? '')?.[1];
        found.push(name);
        if (cell !== code)
          wrong.push(`${name} in ${file}: the code gives ${code}, the page ${cell}`);
      }
    }
    expect(found.length).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });
});

describe('README.md and docs/ describe every npm script', () => {
  const text = markdownFiles()
    .filter((file) => !file.startsWith('docs/spec/'))
    .map(readRepoFile)
    .join('\n');
  const { scripts } = JSON.parse(readRepoFile('package.json')) as {
    scripts: Record<string, string>;
  };
  const LIFECYCLE = new Set(['postinstall', 'prepare', 'preinstall', 'install']);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it.each(Object.keys(scripts))('%s', (name) => {
    const forms = LIFECYCLE.has(name)
      ? [`\`${escape(name)}\``]
      : [`npm run ${escape(name)}(?![\\w:-])`].concat(
          ['start', 'test'].includes(name) ? [`npm ${name}(?![\\w:-])`] : [],
        );
    expect(forms.some((form) => new RegExp(form).test(text))).toBe(true);
  });
});

/**
 * Whether a path with placeholders exists: each `<name>` stands for the same text wherever it
 * appears (`src/ui/screens/<screen>/<screen>.view.tsx`), and `*` for any text in one name.
 */
function existsWith(pattern: string): boolean {
  const segments = pattern.replace(/\/$/, '').split('/');
  const at = segments.findIndex((segment) => /<[^>]+>|\*/.test(segment));
  if (at < 0) return repoPathExists(pattern);
  const parent = segments.slice(0, at).join('/');
  if (!repoPathExists(parent)) return false;
  const holes: string[] = [];
  const source = segments[at]
    .split(/(<[^>]+>|\*)/)
    .map((part) => {
      if (part === '*') return '[^/]*';
      if (/^<[^>]+>$/.test(part)) return holes.push(part) && '(.+)';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return readdirSync(path.join(ROOT, parent)).some((entry) => {
    const match = new RegExp(`^${source}$`).exec(entry);
    if (match === null) return false;
    let rest = [...segments.slice(0, at), entry, ...segments.slice(at + 1)].join('/');
    holes.forEach((hole, i) => (rest = rest.split(hole).join(match[i + 1])));
    return existsWith(rest);
  });
}

describe("docs/architecture.md's recipes name files that exist", () => {
  const recipes = section(readRepoFile('docs/architecture.md'), 'Recipes');
  /** Each step: a numbered item with its continuation lines, or a paragraph. */
  const steps = recipes.split(/\n(?=\d+\. |\n)/).filter((step) => step.trim() !== '');
  const ROOTED = /^(?:src|console|server|sandbox-gateway|scripts|test|docs|locales)\//;
  const FILE = /\.(?:tsx?|json|sql|md|[cm]?js)$/;

  it('names each file under a folder that holds it', () => {
    const missing: string[] = [];
    let named = 0;
    for (const step of steps) {
      const quoted = [...step.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
      const rooted = quoted.filter((q) => ROOTED.test(q));
      const folders = rooted.map((q) => (q.endsWith('/') ? q : `${path.posix.dirname(q)}/`));
      for (const q of quoted) {
        if (ROOTED.test(q)) {
          named++;
          if (!existsWith(q)) missing.push(q);
        } else if (FILE.test(q) && !q.includes('/')) {
          named++;
          if (!folders.some((folder) => existsWith(folder + q)))
            missing.push(`${q} (in none of ${folders.join(', ') || 'no folder'})`);
        }
      }
    }
    expect(named).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});
