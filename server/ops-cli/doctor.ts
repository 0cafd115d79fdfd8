/* eslint-disable no-console -- the command line's output is what it prints */
import { ConfigError, loadConfig } from '../config';
import { checkLine, fail, ok } from '../preflight/check';
import { runDoctor } from '../preflight/preflight';

/**
 * `ops.js doctor`: checks a configuration before it goes live, one line per check (the settings
 * first: when they do not load, each problem is a line and nothing else can be checked); exits
 * 1 when any check fails. The server, in production, refuses to start on the fatal ones.
 */
export async function doctor(
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) print(checkLine('settings', fail(problem)));
    return 1;
  }
  print(checkLine('settings', ok(`every setting reads well (APP_ENV=${config.appEnv})`)));
  const report = await runDoctor(config);
  for (const line of report.lines) print(line);
  return report.failed ? 1 : 0;
}
