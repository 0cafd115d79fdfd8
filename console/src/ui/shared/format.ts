const localeOf = (lng: string) => (lng === 'zn' ? 'zh-CN' : lng);

/** A time as the operator's browser says it, in the console's language. */
export function formatTime(iso: string | null, lng: string): string {
  if (iso === null) return '—';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lng), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(time);
}

/** A time in Malaysia time (UTC+8, what members and the gateways mean), whatever the browser's zone. */
export function formatMalaysiaTime(iso: string | null, lng: string): string {
  if (iso === null) return '—';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lng), {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Asia/Kuala_Lumpur',
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
