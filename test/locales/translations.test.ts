import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Messages are keys: every key the code uses exists in English, and every
 * language has exactly the English keys with the same {{placeholders}}.
 */
const ROOT = resolve(__dirname, '../..');
const LANGUAGES = ['en', 'fr', 'zn'] as const;
const NAMESPACES = [
  'common',
  'validation',
  'session',
  'login',
  'signUp',
  'forgotPassword',
  'home',
  'payment',
  'paymentStatus',
  'returnPage',
  'profile',
  'wizardz',
  'theme',
  'pages',
  'catalogue',
  'serverMessages',
  'paymentHistory',
  'receipt',
  'security',
];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const load = (lng: string) =>
  flatten(JSON.parse(readFileSync(join(ROOT, 'locales', lng, 'translation.json'), 'utf8')) as Tree);

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const en = load('en');

describe('translations', () => {
  test('English has every key the code names', () => {
    const pattern = new RegExp(
      `['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"\`]`,
      'g',
    );
    const missing = new Set<string>();
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(pattern)) {
        if (!en.has(match[1])) missing.add(`${match[1]} (${file.slice(ROOT.length + 1)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  test.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys', (lng) => {
    const other = load(lng);
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
  });

  test.each(LANGUAGES.filter((l) => l !== 'en'))('%s keeps every {{placeholder}}', (lng) => {
    const other = load(lng);
    const mismatched = [...en].filter(
      ([key, text]) =>
        JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(other.get(key) ?? '')),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  test.each(LANGUAGES)('%s has no empty message', (lng) => {
    const empty = [...load(lng)].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
