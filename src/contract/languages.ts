/**
 * The languages a member reads the portal in: the SPA's screens (locales/{lng}/translation.json),
 * the receipt PDF, the server's refused-redirect page and the sandbox gateway's payment page.
 * English is the fallback. 'zn' is how the product spells Chinese (Simplified); 'ms' is Bahasa
 * Melayu.
 */
export const LANGUAGES = ['en', 'fr', 'zn', 'ms'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/** Each language's BCP 47 tag, for `lang` attributes: the product's 'zn' is 'zh'. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en', fr: 'fr', zn: 'zh', ms: 'ms' };

/** Each language named in itself, so a member finds theirs whatever the page is in. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  zn: '中文',
  ms: 'Bahasa Melayu',
};

/**
 * The product language a tag names, by its primary subtag: 'ms-MY' and 'MS' are 'ms', 'zh-TW'
 * and 'zn' are 'zn', 'fr-CA' is 'fr'. Null for a language the portal does not speak.
 */
export function languageOfTag(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((lng) => lng === base || LANGUAGE_TAGS[lng] === base) ?? null;
}

/**
 * The language of an Accept-Language header a page is written in: the most preferred one
 * (q-values, then the order given) that the portal speaks; English when none is.
 */
export function languageOfAcceptLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
      return { tag, index, q: q ? Number(q[1]) : 1 };
    })
    .filter(({ q }) => Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
