/**
 * `npm run build:server [outDir] [tsconfig]`: the API, the sandbox gateway, the launcher and the
 * shared contract compiled to CommonJS in dist-server/ (or outDir), with the files they read at
 * run time beside them: the SQL migrations and the sandbox's stylesheet. locales/ and the SPA's
 * dist/ are read from the directory above dist-server/. `npm run bench` builds its own copy with
 * tsconfig.bench.json (the benchmark's processes too), so it measures the server as it runs.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(root, process.argv[2] ?? 'dist-server');

rmSync(outDir, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    process.argv[3] ?? 'tsconfig.server.json',
    // Emit only: `npm run typecheck` checks these sources (npm test runs it beside jest).
    '--noCheck',
    '--outDir',
    outDir,
  ],
  { cwd: root, stdio: 'inherit' },
);
for (const assets of ['server/adapters/postgres/migrations', 'sandbox-gateway/public']) {
  cpSync(path.join(root, assets), path.join(outDir, assets), { recursive: true });
}
console.log(`server built in ${path.relative(root, outDir) || '.'}`);
