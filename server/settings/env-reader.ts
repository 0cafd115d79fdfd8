/**
 * Reads settings out of the environment and collects every problem instead of stopping at the
 * first, so one start-up error lists everything to fix. A blank value counts as unset.
 */
export interface EnvReader {
  readonly env: NodeJS.ProcessEnv;
  /** Every problem found so far, one line each ("NAME: what is wrong"). */
  readonly problems: string[];
  /** The trimmed value, or `fallback` when unset or blank. */
  text(name: string, fallback: string): string;
  /** A whole number within [min, max]; anything else is a problem (and yields `fallback`). */
  integer(name: string, fallback: number, min: number, max: number): number;
  /** One of `allowed`; anything else is a problem (and yields `fallback`). */
  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T;
  /** Records a problem unless `value` is an http(s) URL. */
  checkUrl(name: string, value: string): void;
  /** Whether the variable is set to something other than blanks. */
  isSet(name: string): boolean;
}

export function envReader(env: NodeJS.ProcessEnv): EnvReader {
  const problems: string[] = [];

  const text = (name: string, fallback: string): string => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? fallback : value.trim();
  };

  return {
    env,
    problems,
    text,
    integer(name, fallback, min, max) {
      const raw = env[name];
      if (raw === undefined || raw.trim() === '') return fallback;
      const value = Number(raw);
      if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) {
        problems.push(`${name}: must be a whole number from ${min} to ${max} (got "${raw}")`);
        return fallback;
      }
      return value;
    },
    oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
      const value = text(name, fallback);
      if (!(allowed as readonly string[]).includes(value)) {
        problems.push(`${name}: must be one of ${allowed.join(', ')} (got "${value}")`);
        return fallback;
      }
      return value as T;
    },
    checkUrl(name, value) {
      try {
        const url = new URL(value);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
      } catch {
        problems.push(`${name}: must be an http(s) URL (got "${value}")`);
      }
    },
    isSet(name) {
      return (env[name]?.trim() ?? '') !== '';
    },
  };
}
