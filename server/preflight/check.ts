import { type Config } from '../config';

/** ok: as it should be; warn: works, but look; fail: will not work as deployed; skip: not used. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckOutcome {
  status: CheckStatus;
  /** One line, naming the setting and what to do; never a secret's value. */
  detail: string;
}

/** What a check may use: the settings, and the outside world through replaceable doors. */
export interface PreflightContext {
  config: Config;
  /** `start`: the server's own start-up (production); `doctor`: the operator's command. */
  mode: 'start' | 'doctor';
  fetchFn: typeof fetch;
  /** The machine's clock in ms (compared with the database's). */
  now: () => number;
  /** The mount table's text (/proc/self/mountinfo), undefined where there is none. */
  mountInfo?: () => string | undefined;
}

export interface PreflightCheck {
  /** Short and stable: the line starts with it. */
  name: string;
  /** Run by the server at start in production, which refuses to start when it fails. */
  fatal: boolean;
  run(context: PreflightContext): Promise<CheckOutcome> | CheckOutcome;
}

export const ok = (detail: string): CheckOutcome => ({ status: 'ok', detail });
export const warn = (detail: string): CheckOutcome => ({ status: 'warn', detail });
export const fail = (detail: string): CheckOutcome => ({ status: 'fail', detail });
export const skip = (detail: string): CheckOutcome => ({ status: 'skip', detail });

/** The line a check prints, the same in `doctor` and in a refused start. */
export function checkLine(name: string, outcome: CheckOutcome): string {
  return `${outcome.status.toUpperCase().padEnd(4)}  ${name.padEnd(12)}  ${outcome.detail}`;
}

/** What went wrong, in one line: the message and its deepest cause, no password of a URL. */
export function reasonOf(error: unknown): string {
  // Read by shape, not instanceof: fetch's errors come from another realm under a test runner.
  const messageIn = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && 'message' in value
      ? String(value.message)
      : undefined;
  const causeOf = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && 'cause' in value ? value.cause : undefined;
  let text = messageIn(error) || String(error);
  // fetch says only "fetch failed": why (refused, DNS, certificate) is its deepest cause.
  let cause = causeOf(error);
  while (messageIn(causeOf(cause)) !== undefined) cause = causeOf(cause);
  const why = messageIn(cause);
  if (why) text = `${text} (${why})`;
  // A connection string in a message would carry its password.
  return text.replace(/\/\/[^/@\s]*@/g, '//***@');
}

/** A check that throws fails with what it threw, rather than stopping the others. */
export async function runCheck(
  check: PreflightCheck,
  context: PreflightContext,
): Promise<CheckOutcome> {
  try {
    return await check.run(context);
  } catch (error) {
    return fail(`the check itself failed: ${reasonOf(error)}`);
  }
}

/** A promise that gives up after `ms` with `what` in its message. */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
