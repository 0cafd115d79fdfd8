const localeOf = (lng: string) => (lng === 'zn' ? 'zh-CN' : lng);

/**
 * The console's one time zone: Malaysia's (UTC+8 all year), what members, receipts and the
 * gateways mean, whatever the operator's browser is set to. Each screen that shows times says so
 * once (PageHeading's `times`).
 */
export const CONSOLE_TIME_ZONE = 'Asia/Kuala_Lumpur';

/**
 * The console's one way to write a time: in Malaysia time, in the console's language; to the
 * second where events seconds apart are told apart (a payment's timeline), else to the minute.
 */
export function formatTime(
  iso: string | null,
  lng: string,
  precision: 'minute' | 'second' = 'minute',
): string {
  if (iso === null) return '—';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lng), {
    dateStyle: 'medium',
    timeStyle: precision === 'second' ? 'medium' : 'short',
    timeZone: CONSOLE_TIME_ZONE,
  }).format(time);
}

/** A calendar day (YYYY-MM-DD) as the console's language writes it. */
export function formatDay(day: string, lng: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(localeOf(lng), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    time,
  );
}

/** Ringgit from the wire ("50.00") as shown: "RM 50.00". */
export const formatRinggit = (amount: string): string => `RM ${amount}`;
