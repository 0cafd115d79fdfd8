import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadSandboxGatewayConfig } from '../../sandbox-gateway/config';
import { loadConfig } from '../../server/config';
import {
  ROOT,
  fences,
  headingAnchors,
  linkTargets,
  markdownFiles,
  quotedNames,
  readRepoFile,
  repoPathExists,
  section,
  tableRows,
  withoutFences,
} from './support/markdown';

/**
 * README.md and docs/ kept true to the code: the settings the apps read and the configuration
 * page, links, scripts, paths, the dependency rules and the fake-clock example. (The pages under
 * docs/spec/ are verbatim copies of the specification: only their links are checked.)
 */

const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** The environment variables a loader reads, learnt by handing it an environment that listens. */
function namesRead(load: (env: NodeJS.ProcessEnv) => unknown, env: NodeJS.ProcessEnv): string[] {
  const names = new Set<string>();
  const listening = new Proxy(env, {
    get(target, key, receiver) {
      if (typeof key === 'string' && ENV_NAME.test(key)) names.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  try {
    load(listening);
  } catch {
    // A refused configuration has still read its settings, which is all this asks.
  }
  return [...names];
}

/**
 * Environments that take every branch of the loaders: staging and production hosts, Billplz,
 * e-invoicing on.
 */
const ENVIRONMENTS: NodeJS.ProcessEnv[] = [
  {},
  { PUBLIC_URL: 'https://portal.example.com', APP_ENV: 'production' },
  { GATEWAY: 'billplz', SMS_PROVIDER: 'twilio', METRICS_PORT: '9464', SANDBOX_GATEWAY_PORT: '1' },
  { GATEWAY: 'toyyibpay', GATEWAYS: 'toyyibpay,billplz,sandbox' },
  { EINVOICE: 'on' },
];

/** `process.env.NAME` reads in a source file, its comments left out. */
const processEnvReads = (source: string): string[] => {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readRepoFile(path.posix.join(dir, file)));
}

/** Server-side settings: the API's and the sandbox gateway's loaders, and npm start's launcher. */
const serverNames = new Set([
  ...ENVIRONMENTS.flatMap((env) => namesRead(loadConfig, env)),
  ...ENVIRONMENTS.flatMap((env) => namesRead(loadSandboxGatewayConfig, env)),
  ...processEnvReads(readRepoFile('scripts/start.ts')),
]);
/** Build-time settings: Parcel inlines each `process.env.NAME` the browser app reads. */
const browserNames = new Set(sourcesUnder('src').flatMap(processEnvReads));

const configuration = readRepoFile('docs/configuration.md');
const serverSection = section(configuration, 'Server settings');
const browserSection = section(configuration, 'Browser-app settings');
/** The names in the first column of a section's tables (header row excluded). */
const documented = (markdown: string): string[] =>
  tableRows(markdown).flatMap((cells) => quotedNames(cells[0] ?? ''));

describe('docs/configuration.md', () => {
  it('names every setting the API, the sandbox gateway and the launcher read', () => {
    expect(serverNames.size).toBeGreaterThan(30);
    const mentioned = new Set(quotedNames(serverSection));
    expect([...serverNames].filter((name) => !mentioned.has(name))).toEqual([]);
  });

  it('lists only settings the server side reads', () => {
    expect(documented(serverSection).filter((name) => !serverNames.has(name))).toEqual([]);
  });

  it("lists exactly the browser app's build-time settings", () => {
    expect(browserNames.size).toBeGreaterThan(0);
    expect(new Set(documented(browserSection))).toEqual(browserNames);
  });

  it("gives each literal default of server/config.ts and server/settings/ as the table's default", () => {
    // integer('NAME', 30_000, ...), text('NAME', 'value'), oneOf<T>('NAME', 'value', ...)
    const settings = readdirSync(path.join(ROOT, 'server/settings')).map(
      (f) => `server/settings/${f}`,
    );
    const source = ['server/config.ts', ...settings].map(readRepoFile).join('\n');
    const defaults = new Map<string, string>();
    for (const m of source.matchAll(/integer\(\s*'([A-Z0-9_]+)',\s*([\d_]+),/g)) {
      defaults.set(m[1], m[2].replace(/_/g, ''));
    }
    for (const m of source.matchAll(/(?:text|oneOf(?:<\w+>)?)\(\s*'([A-Z0-9_]+)',\s*'([^']+)'/g)) {
      defaults.set(m[1], m[2]);
    }
    expect(defaults.size).toBeGreaterThan(20);

    const compared: string[] = [];
    const wrong: string[] = [];
    for (const [first, second] of tableRows(serverSection)) {
      const names = quotedNames(first ?? '');
      const cells = (second ?? '').split(/ \/ |, /).map((cell) => cell.replace(/`/g, '').trim());
      if (names.length === 0 || (cells.length !== 1 && cells.length !== names.length)) continue;
      names.forEach((name, i) => {
        const written = cells.length === 1 ? cells[0] : cells[i];
        const actual = defaults.get(name);
        if (actual === undefined || written === 'unset') return;
        compared.push(name);
        if (written !== actual)
          wrong.push(`${name}: the table says ${written}, the code ${actual}`);
      });
    }
    expect(compared.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

describe('README.md and docs/', () => {
  const files = markdownFiles();

  it.each(files)(
    '%s: every relative link leads to a file, and its #anchor to a heading',
    (file) => {
      const broken: string[] = [];
      for (const target of linkTargets(readRepoFile(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [relative, anchor] = target.split('#');
        const resolved =
          relative === ''
            ? file
            : path.posix.normalize(path.posix.join(path.posix.dirname(file), relative));
        if (resolved.startsWith('..') || !repoPathExists(resolved)) {
          broken.push(`${target} (no ${resolved})`);
        } else if (anchor !== undefined && resolved.endsWith('.md')) {
          if (!headingAnchors(readRepoFile(resolved)).has(anchor)) {
            broken.push(`${target} (no heading #${anchor} in ${resolved})`);
          }
        }
      }
      expect(broken).toEqual([]);
    },
  );

  it('names only npm scripts that package.json has', () => {
    const { scripts } = JSON.parse(readRepoFile('package.json')) as {
      scripts: Record<string, string>;
    };
    const named = files.flatMap((file) =>
      [...readRepoFile(file).matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((entry) => !(entry.split(': ')[1] in scripts))).toEqual([]);
  });

  it('quotes only repository paths that exist', () => {
    const missing: string[] = [];
    for (const file of files.filter((f) => !f.startsWith('docs/spec/'))) {
      const prose = withoutFences(readRepoFile(file));
      for (const [, quoted] of prose.matchAll(/`([^`\s]+)`/g)) {
        const isRepoPath =
          /^(src|server|sandbox-gateway|scripts|test|docs|locales|\.ci)\//.test(quoted) ||
          /^\.[\w-]+\.c?js$/.test(quoted);
        if (isRepoPath && !quoted.includes('<') && !repoPathExists(quoted)) {
          missing.push(`${file}: ${quoted}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the two commands on the README', () => {
    const commands = fences(readRepoFile('README.md'))
      .filter((fence) => fence.info === 'sh')
      .flatMap((fence) => fence.body.split('\n').map((line) => line.split('#')[0].trim()));
    expect(commands).toEqual(expect.arrayContaining(['npm ci && npm start', 'npm test']));
  });
});

describe('docs/architecture.md', () => {
  const architecture = readRepoFile('docs/architecture.md');

  it('maps only paths that exist, and each screen is a <screen>.view.tsx and its view-model', () => {
    const [map] = fences(section(architecture, 'Where things live'));
    const missing: string[] = [];
    for (const line of map.body.split('\n').filter((l) => l.trim() !== '')) {
      const [place, ...rest] = line.trim().split(/\s+/);
      if (place.includes('<screen>')) {
        const screens = path.posix.dirname(place.replace(/\/$/, '').replace('/<screen>', '/x'));
        for (const screen of readdirSync(path.join(ROOT, screens))) {
          for (const file of [`${screen}.view.tsx`, `${screen}.view-model.ts`]) {
            const at = `${screens}/${screen}/${file}`;
            if (!repoPathExists(at)) missing.push(at);
          }
        }
        continue;
      }
      if (!repoPathExists(place)) missing.push(place);
      if (!place.endsWith('/')) continue;
      for (const token of rest.map((t) => t.replace(/^\(|[,;:)]+$/g, ''))) {
        if (
          /^[\w.*-]+(\/[\w.*-]+)*(\.(tsx?|md)|\/)$/.test(token) &&
          !repoPathExists(place + token)
        ) {
          missing.push(place + token);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists exactly the dependency rules .dependency-cruiser.cjs enforces', () => {
    // The rules as dependency-cruiser loads them (some are made by a function there).
    const { forbidden } = createRequire(__filename)('../../.dependency-cruiser.cjs') as {
      forbidden: { name: string }[];
    };
    const listed = tableRows(section(architecture, 'Layers and dependency rules'))
      .map(([first]) => /^`([\w-]+)`$/.exec(first ?? '')?.[1])
      .filter((name): name is string => name !== undefined);
    expect(new Set(listed)).toEqual(new Set(forbidden.map((rule) => rule.name)));
  });
});

describe('docs/testing.md', () => {
  it('shows the fake-clock example test/domain/readme-example.test.ts runs, as it runs it', () => {
    const [example] = fences(
      section(readRepoFile('docs/testing.md'), 'Writing a use-case test with the fake clock'),
    ).filter((fence) => fence.info === 'ts');
    const test = readRepoFile('test/domain/readme-example.test.ts');
    const code = test.slice(test.search(/^import /m));
    expect(example.body.trim()).toBe(code.trim());
  });
});
