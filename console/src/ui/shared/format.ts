/** A time as the operator's browser says it, in the console's language. */
export function formatTime(iso: string | null, lng: string): string {
  if (iso === null) return '—';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(lng === 'zn' ? 'zh-CN' : lng, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(time);
}
