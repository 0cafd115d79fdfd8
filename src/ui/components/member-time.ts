import { type Language, languageOfTag } from '../../contract/languages';
import { DEFAULT_TIME_ZONE, isTimeZone, utcOffsetOf } from '../../contract/time-zones';

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
 * The member's own time zone, the browser's (IANA name), in which the member app says every time
 * and asks for receipts; Malaysia's when the browser names none the app knows.
 */
export function memberTimeZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Malaysia's zones (one clock, UTC+8, all year): named by the abbreviation Malaysians use. */
const MALAYSIA_ZONES = new Set(['Asia/Kuala_Lumpur', 'Asia/Kuching']);

/**
 * How a screen names the zone its times are in: 'MYT, UTC+8' in Malaysia, else the IANA name and
 * the offset at `at` ('Europe/London, UTC+1').
 */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const name = MALAYSIA_ZONES.has(timeZone) ? 'MYT' : timeZone;
  return `${name}, ${utcOffsetOf(timeZone, at)}`;
}

/**
 * An ISO 8601 instant as a date and time in the member's zone (e.g. '24 Nov 2026, 9:05 pm'), in
 * the member's language; the caller names the zone beside it. An unreadable value is shown as
 * given.
 */
export function formatMemberTime(
  iso: string,
  language: string | undefined,
  timeZone: string = memberTimeZone(),
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocaleOf(language), {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
