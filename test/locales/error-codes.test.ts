import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ERROR_CODES } from '../../src/contract/errors';
import { LANGUAGES } from '../../src/contract/languages';
import { ERROR_CODE_KEYS, FIELD_RULE_KEYS } from '../../src/ui/shared/error-messages';

/**
 * Every failure code the API can answer has a text in every language the app ships: a code added
 * to the contract without its translations fails here (and without a key, fails to compile).
 */
const ROOT = resolve(__dirname, '../..');

const load = (lng: string): unknown =>
  JSON.parse(readFileSync(join(ROOT, 'locales', lng, 'translation.json'), 'utf8'));

const textOf = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    return (node as Record<string, unknown>)[part];
  }, tree);

describe.each(LANGUAGES)('error codes in %s', (lng) => {
  const translations = load(lng);

  it.each([...ERROR_CODES])('%s has a non-empty text', (code) => {
    const text = textOf(translations, ERROR_CODE_KEYS[code]);
    expect(typeof text === 'string' && text.trim() !== '').toBe(true);
  });

  it.each(Object.entries(FIELD_RULE_KEYS))('the rule for field %s has a text', (_field, key) => {
    const text = textOf(translations, key);
    expect(typeof text === 'string' && text.trim() !== '').toBe(true);
  });
});

it('maps exactly the contract codes, no more', () => {
  expect(Object.keys(ERROR_CODE_KEYS).sort()).toEqual([...ERROR_CODES].sort());
});
