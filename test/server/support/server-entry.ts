import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Set by `npm test` right after it ran `npm run build:server`: the suites then start the
 * server's processes from that fresh dist-server/ with plain node, as `npm start` does, instead
 * of compiling every module again through tsx in each process (about a second of CPU per
 * process, and the suites start some forty). A plain `jest` run (no build before it) starts them
 * from the sources, so it never runs an outdated build.
 */
export const USE_COMPILED_SERVER = process.env.TEST_COMPILED_SERVER === '1';

/** The compiled server's directory, checked to be there when the run asks for it. */
export function compiledServerDir(): string {
  const dir = path.join(ROOT, 'dist-server');
  if (!existsSync(path.join(dir, 'server', 'main.js'))) {
    throw new Error(
      `TEST_COMPILED_SERVER=1 but ${dir} holds no build: run \`npm run build:server\` first`,
    );
  }
  return dir;
}

/**
 * The node arguments that run one of the server's entry points (`server/main`,
 * `sandbox-gateway/main`, `scripts/start`, `scripts/ops`), from the repository's root: through tsx from the
 * sources, or compiled (see USE_COMPILED_SERVER).
 */
export function entryArgs(
  entry: 'server/main' | 'sandbox-gateway/main' | 'scripts/start' | 'scripts/ops',
): string[] {
  if (!USE_COMPILED_SERVER) return ['--import', 'tsx', `${entry}.ts`];
  return [path.relative(ROOT, path.join(compiledServerDir(), `${entry}.js`))];
}
