/** i18next's plural suffixes: `key_one`, `key_other`... (CLDR's categories). */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * The plural categories i18next asks for in `language`: it names the key's forms after
 * Intl.PluralRules of the language code as given (Malay has one form, 'other'; English two).
 */
export const pluralCategoriesOf = (language: string): string[] =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories;

/**
 * The keys a language must have, given English's: each plural key of English becomes the
 * language's own forms (English's `x_one` and `x_other` are only `x_other` in Malay), every
 * other key stays as it is.
 */
export function expectedKeysOf(englishKeys: Iterable<string>, language: string): string[] {
  const categories = pluralCategoriesOf(language);
  const keys = new Set<string>();
  for (const key of englishKeys) {
    const plural = PLURAL_KEY.exec(key);
    if (plural) for (const category of categories) keys.add(`${plural[1]}_${category}`);
    else keys.add(key);
  }
  return [...keys].sort();
}

/**
 * The English text a translated key renders in place of: the same key, or for a plural form
 * English lacks (a language's `_many`), English's `_other`.
 */
export function englishTextFor(english: Map<string, string>, key: string): string | undefined {
  const plural = PLURAL_KEY.exec(key);
  return english.get(key) ?? (plural ? english.get(`${plural[1]}_other`) : undefined);
}
