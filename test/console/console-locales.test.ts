import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LANGUAGES } from '../../src/contract/languages';
import { PERMISSIONS } from '../../src/contract/ops-roles';
import { englishTextFor, expectedKeysOf } from '../locales/plural-keys';

/**
 * The console's texts (locales/<lng>/console.json): every key the console's code names exists in
 * English, and every language has exactly English's keys with the same {{placeholders}}.
 */
const ROOT = resolve(__dirname, '../..');
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
  flatten(JSON.parse(readFileSync(join(ROOT, 'locales', lng, 'console.json'), 'utf8')) as Tree);
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
const SECTIONS = [...new Set([...en.keys()].map((key) => key.split('.')[0]))];
/** Strings of the console's code that look like keys and are not: permissions, file names. */
const NOT_KEYS = new Set<string>([...Object.keys(PERMISSIONS), 'audit.jsonl', 'payments.csv']);

describe('console texts', () => {
  it('has every key the console names, in English', () => {
    const pattern = new RegExp(
      `['"\`]((?:${SECTIONS.join('|')})\\.[A-Za-z0-9_.-]*[A-Za-z0-9_])['"\`]`,
      'g',
    );
    const missing = new Set<string>();
    for (const file of sourceFiles(join(ROOT, 'console'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        if (!en.has(match[1]) && !NOT_KEYS.has(match[1]))
          missing.add(`${match[1]} (${file.slice(ROOT.length + 1)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('has the texts of the shared fields the console uses', () => {
    expect(en.has('common.showPassword') && en.has('common.hidePassword')).toBe(true);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has exactly the English keys and placeholders',
    (lng) => {
      const other = load(lng);
      expect([...other.keys()].sort()).toEqual(expectedKeysOf(en.keys(), lng));
      const mismatched = [...other].filter(
        ([key, text]) =>
          JSON.stringify(placeholders(text)) !==
          JSON.stringify(placeholders(englishTextFor(en, key) ?? '')),
      );
      expect(mismatched.map(([key]) => key)).toEqual([]);
      expect([...other].filter(([, text]) => text.trim() === '')).toEqual([]);
    },
  );

  it('names the texts of a member action and of an operator task', () => {
    for (const action of [
      'reveal',
      'sign-out-everywhere',
      'clear-throttle',
      'disable-sign-in',
      'enable-sign-in',
    ]) {
      for (const group of ['action', 'explain', 'done'])
        expect(en.has(`member.${group}.${action}`)).toBe(true);
    }
    for (const task of ['role', 'disable', 'enable', 'reset-second-factor']) {
      expect(en.has(`operators.task.${task}`) && en.has(`operators.explain.${task}`)).toBe(true);
    }
  });
});
