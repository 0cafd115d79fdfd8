import { type LogFormatInputs } from '../../src/contract/log-format';

/** This process's inputs to the log format: APP_ENV, whether stdout is a terminal, pino-pretty. */
export function logFormatInputs(appEnv: string): LogFormatInputs {
  return { appEnv, isTTY: process.stdout.isTTY === true, prettyInstalled };
}

/** Looked up only when the rest already asks for pretty logs (development, on a terminal). */
function prettyInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
