import { type Language, languageOfTag } from '../../contract/languages';

/** Malaysia's time zone: every date and time a member sees is said in it, as UTC+8. */
export const MALAYSIA_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** The Intl locale of each language: Malaysia's English and Malay (day, month, year). */
const INTL_LOCALES: Record<Language, string> = {
  en: 'en-MY',
  fr: 'fr-FR',
  zn: 'zh-CN',
  ms: 'ms-MY',
};

/** The Intl locale for an app language (zn is Simplified Chinese); Malaysia's English else. */
export function intlLocaleOf(language: string | undefined): string {
  return INTL_LOCALES[languageOfTag(language ?? '') ?? 'en'];
}

/**
 * An ISO 8601 instant as a date and time in Malaysia (e.g. '24 Nov 2026, 9:05 pm'), in the
 * member's language; the caller says "UTC+8" beside it. An unreadable value is shown as given.
 */
export function formatMalaysiaTime(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocaleOf(language), {
    timeZone: MALAYSIA_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
