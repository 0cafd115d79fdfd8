import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LANGUAGES } from '../../src/contract/languages';
import { englishTextFor, expectedKeysOf } from './plural-keys';

/**
 * The checks every catalogue of texts gets, the member app's (locales/<lng>/translation.json) and
 * the console's (console.json) alike: every key its code names exists in English, and every
 * other language has exactly English's keys (plurals in its own forms), the same
 * {{placeholders}} and no empty text.
 */
export const ROOT = resolve(__dirname, '../..');

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

/** A language's catalogue as `section.key` → text. */
export const loadCatalogue = (lng: string, file: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(join(ROOT, 'locales', lng, file), 'utf8')) as Tree);

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

export interface Catalogue {
  /** The file under locales/<lng>/. */
  file: string;
  /** The folder whose code names its keys. */
  sources: string;
  /** The key's first parts: a quoted `section.rest` in the code is taken for a key. */
  sections: string[];
  /** The characters a key's rest may hold (as in a regular expression's class). */
  keyChars: string;
  /** Quoted strings of the code that look like keys and are not. */
  notKeys?: ReadonlySet<string>;
}

/** Declares the shared checks of one catalogue. */
export function checkCatalogue(catalogue: Catalogue): void {
  const load = (lng: string) => loadCatalogue(lng, catalogue.file);
  const en = load('en');
  const translated = LANGUAGES.filter((l) => l !== 'en');

  test('English has every key the code names', () => {
    const pattern = new RegExp(
      `['"\`]((?:${catalogue.sections.join('|')})\\.[${catalogue.keyChars}]*[A-Za-z0-9_])['"\`]`,
      'g',
    );
    const missing = new Set<string>();
    for (const file of sourceFiles(join(ROOT, catalogue.sources))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        if (!en.has(match[1]) && !catalogue.notKeys?.has(match[1]))
          missing.add(`${match[1]} (${file.slice(ROOT.length + 1)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  test.each(translated)('%s has exactly the English keys, plurals in its own forms', (lng) => {
    expect([...load(lng).keys()].sort()).toEqual(expectedKeysOf(en.keys(), lng));
  });

  test.each(translated)('%s keeps every {{placeholder}}', (lng) => {
    const mismatched = [...load(lng)].filter(
      ([key, text]) =>
        JSON.stringify(placeholders(text)) !==
        JSON.stringify(placeholders(englishTextFor(en, key) ?? '')),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  test.each(LANGUAGES)('%s has no empty text', (lng) => {
    const empty = [...load(lng)].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
}
