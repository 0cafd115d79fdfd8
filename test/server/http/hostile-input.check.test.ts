import { findDisallowedText, hasDisallowedCharacters } from '../../../server/http/hostile-input';
import { disallowedCharactersMessage } from '../../../server/http/errors';
import { ALLOWED_TEXTS, REFUSED_CHARACTERS } from './hostile-input.arbitraries';

describe('the disallowed-character check', () => {
  it.each(REFUSED_CHARACTERS.map((c) => [c.codePointAt(0)?.toString(16)]))(
    'refuses U+%s',
    (hex) => {
      const character = String.fromCharCode(parseInt(hex ?? '0', 16));
      expect(hasDisallowedCharacters(`ab${character}cd`)).toBe(true);
    },
  );

  it.each(ALLOWED_TEXTS)('accepts %s', (text) => {
    expect(hasDisallowedCharacters(text)).toBe(false);
  });

  it('names the top-level field, at any depth, in keys and values', () => {
    expect(findDisallowedText({ name: 'ok', ic: 'a\u0000' })).toEqual({ field: 'ic' });
    expect(findDisallowedText({ outer: [{ deep: ['x', 'y\u0085'] }] })).toEqual({
      field: 'outer',
    });
    expect(findDisallowedText({ ['a\u0000']: 1 })).toEqual({ field: 'a\u0000' });
    expect(findDisallowedText({ outer: { ['k\u007f']: 1 } })).toEqual({ field: 'outer' });
    expect(findDisallowedText('form=1&x=\u0000')).toEqual({ field: null });
    expect(findDisallowedText(['\ud800'])).toEqual({ field: null });
    expect(findDisallowedText({ fine: ['ok', 1, null, true, { x: 'é' }] })).toBeNull();
    expect(findDisallowedText(undefined)).toBeNull();
  });

  it('survives a deeply nested value', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findDisallowedText({ a: deep })).toEqual({ field: 'a' });
  });

  it('says which field in the member’s words, never echoing odd text', () => {
    expect(disallowedCharactersMessage('ic_or_passport')).toBe(
      'IC or Passport Number contains characters that are not allowed.',
    );
    expect(disallowedCharactersMessage('extra_note')).toBe(
      'The field "extra_note" contains characters that are not allowed.',
    );
    expect(disallowedCharactersMessage('a\u0000b')).toBe(
      'A field name contains characters that are not allowed.',
    );
    expect(disallowedCharactersMessage('constructor')).toBe(
      'The field "constructor" contains characters that are not allowed.',
    );
    expect(disallowedCharactersMessage(null)).toBe(
      'The request contains characters that are not allowed.',
    );
  });
});
