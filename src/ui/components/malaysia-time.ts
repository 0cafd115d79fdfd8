/** Malaysia's time zone: every date and time a member sees is said in it, as UTC+8. */
export const MALAYSIA_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** The Intl locale for an app language (zn is Simplified Chinese). */
export function intlLocaleOf(language: string | undefined): string {
  const base = (language ?? 'en').toLowerCase().split('-')[0];
  if (base === 'zn' || base === 'zh') return 'zh-CN';
  if (base === 'fr') return 'fr-FR';
  return 'en-MY';
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
