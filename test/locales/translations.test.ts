import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../../src/contract/languages';
import { checkCatalogue, ROOT } from './catalogue-checks';
import { englishTextFor, expectedKeysOf, pluralCategoriesOf } from './plural-keys';

/**
 * Messages are keys: the member app's catalogue gets the checks of every catalogue
 * (catalogue-checks.ts), and every language of the contract's list has a file.
 */
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

describe('translations', () => {
  checkCatalogue({
    file: 'translation.json',
    sources: 'src',
    sections: NAMESPACES,
    keyChars: 'A-Za-z0-9_.',
  });

  test('every language of the contract has a translation file', () => {
    const files = readdirSync(join(ROOT, 'locales')).filter((name) =>
      statSync(join(ROOT, 'locales', name)).isDirectory(),
    );
    expect(files.sort()).toEqual([...LANGUAGES].sort());
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
