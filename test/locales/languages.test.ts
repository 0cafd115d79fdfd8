import {
  LANGUAGE_NAMES,
  LANGUAGE_TAGS,
  LANGUAGES,
  languageOfAcceptLanguage,
  languageOfTag,
} from '../../src/contract/languages';

describe('the languages of the portal (src/contract/languages.ts)', () => {
  it('are English, French, Chinese and Bahasa Melayu, each named in itself', () => {
    expect([...LANGUAGES]).toEqual(['en', 'fr', 'zn', 'ms']);
    expect(LANGUAGE_NAMES.ms).toBe('Bahasa Melayu');
    expect(LANGUAGE_TAGS).toEqual({ en: 'en', fr: 'fr', zn: 'zh', ms: 'ms' });
  });

  it.each([
    ['ms', 'ms'],
    ['ms-MY', 'ms'],
    ['MS_my', 'ms'],
    [' ms-Latn-MY ', 'ms'],
    ['zn', 'zn'],
    ['zh-TW', 'zn'],
    ['fr-CA', 'fr'],
    ['en-GB', 'en'],
    ['msa', null],
    ['de', null],
    ['', null],
  ])('a tag %p is %p', (tag, language) => {
    expect(languageOfTag(tag)).toBe(language);
  });

  it.each([
    ['ms-MY', 'ms'],
    ['ms-MY,ms;q=0.9,en-US;q=0.8,en;q=0.7', 'ms'],
    ['en-US,en;q=0.9,ms;q=0.8', 'en'],
    ['en;q=0.4, ms-MY;q=0.8', 'ms'],
    ['de-DE, ms;q=0.2', 'ms'],
    ['ms;q=0, fr', 'fr'],
    ['zh-CN,zh;q=0.9', 'zn'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('an Accept-Language of %p is answered in %p', (header, language) => {
    expect(languageOfAcceptLanguage(header)).toBe(language);
  });
});
