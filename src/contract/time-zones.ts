/**
 * Time zones as the API and the member app name them: IANA names ('Asia/Kuala_Lumpur'). The
 * member app says every time in the member's own zone (the browser's), and asks the server for
 * receipts in it; without one the server uses Malaysia's.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kuala_Lumpur';
export const TIME_ZONE_MAX_LENGTH = 64;

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
let supported: ReadonlySet<string> | undefined;

/**
 * Whether `value` is a time zone this runtime knows: one of Intl.supportedValuesOf('timeZone'),
 * or a name Intl accepts for one of them (an alias such as 'UTC' or 'Asia/Kolkata', which
 * runtimes list under different names).
 */
export function isTimeZone(value: string): boolean {
  if (value.length > TIME_ZONE_MAX_LENGTH || !IANA_NAME.test(value)) return false;
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (supported.has(value)) return true;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    return supported.has(resolved) || resolved === 'UTC' || /^Etc\//.test(resolved);
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant: 'UTC+8', 'UTC+5:30', 'UTC-3', 'UTC+0'. */
export function utcOffsetOf(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(part ?? '');
  if (match === null) return 'UTC+0';
  const [, sign, hours, minutes] = match;
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}
