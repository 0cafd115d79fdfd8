/** The contract suites' clock: `at(m)` is m minutes after 09:00 UTC on 1 January 2026. */
export const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
export const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);

/**
 * UUIDs numbered in order, in a group of their own (the fourth part, e.g. 'a000'): rows one
 * contract makes never share an id with another's.
 */
export function uuidsIn(group: string): () => string {
  let sequence = 0;
  return () => {
    sequence += 1;
    return `00000000-0000-4000-${group}-${String(sequence).padStart(12, '0')}`;
  };
}
