import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LANGUAGES } from '../../src/contract/languages';
import { englishTextFor, expectedKeysOf, pluralCategoriesOf } from './plural-keys';

/**
 * Messages are keys: every key the code uses exists in English, and every language of the
 * contract's list has a file with exactly the English keys (plural keys in the language's own
 * forms) and the same {{placeholders}}.
 */
const ROOT = resolve(__dirname, '../..');
const TRANSLATED = LANGUAGES.filter((l) => l !== 'en');
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

  test('every language of the contract has a translation file', () => {
    const files = readdirSync(join(ROOT, 'locales')).filter((name) =>
      statSync(join(ROOT, 'locales', name)).isDirectory(),
    );
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  test.each(TRANSLATED)('%s has exactly the English keys, plurals in its own forms', (lng) => {
    const other = load(lng);
    expect([...other.keys()].sort()).toEqual(expectedKeysOf(en.keys(), lng));
  });

  test.each(TRANSLATED)('%s keeps every {{placeholder}}', (lng) => {
    const other = load(lng);
    const mismatched = [...other].filter(
      ([key, text]) =>
        JSON.stringify(placeholders(text)) !==
        JSON.stringify(placeholders(englishTextFor(en, key) ?? '')),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  test.each(LANGUAGES)('%s has no empty message', (lng) => {
    const empty = [...load(lng)].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});

describe('plural keys', () => {
  it('asks Malay for its one form only, English for two', () => {
    expect(pluralCategoriesOf('ms')).toEqual(['other']);
    const english = ['security.count_one', 'security.count_other', 'common.menu'];
    expect(expectedKeysOf(english, 'ms')).toEqual(['common.menu', 'security.count_other']);
    expect(expectedKeysOf(english, 'en')).toEqual(english.slice().sort());
  });

  it("compares a language's extra form with English's _other", () => {
    const english = new Map([
      ['a_one', 'One {{count}} item'],
      ['a_other', '{{count}} items'],
    ]);
    expect(englishTextFor(english, 'a_many')).toBe('{{count}} items');
    expect(englishTextFor(english, 'a_one')).toBe('One {{count}} item');
    expect(englishTextFor(english, 'b')).toBeUndefined();
  });
});
