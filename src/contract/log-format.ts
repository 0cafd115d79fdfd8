/**
 * How an app writes its logs: pino-pretty's readable, coloured lines for a developer watching a
 * terminal, one JSON object a line everywhere else (files, pipes, log collectors, tests).
 */
export type LogFormat = 'pretty' | 'json';

export interface LogFormatInputs {
  /** APP_ENV: only `development` may be pretty. */
  appEnv: string;
  /** Whether stdout is a terminal (`process.stdout.isTTY`); a pipe or file always gets JSON. */
  isTTY: boolean;
  /** Whether pino-pretty can be loaded (a dev dependency: absent after `npm ci --omit=dev`). */
  prettyInstalled: () => boolean;
}

/** Pretty only in development on a terminal, and only when pino-pretty is there to load. */
export function logFormat({ appEnv, isTTY, prettyInstalled }: LogFormatInputs): LogFormat {
  return appEnv === 'development' && isTTY && prettyInstalled() ? 'pretty' : 'json';
}

/** pino's transport for the pretty format: one readable line per entry, local time, no pid. */
export const PRETTY_TRANSPORT = {
  target: 'pino-pretty',
  options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
} as const;

/** The pino `transport` option for these inputs: the pretty one, or none (JSON to stdout). */
export function logTransport(inputs: LogFormatInputs): typeof PRETTY_TRANSPORT | undefined {
  return logFormat(inputs) === 'pretty' ? PRETTY_TRANSPORT : undefined;
}
