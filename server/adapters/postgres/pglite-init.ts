import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Where, inside the data directory, a new one is built before its files are moved in. */
const BUILDING = '.creating';

/** Runs in the worker: creates the data directory (PGlite runs initdb), closes it, and ends. */
const CREATE_AND_CLOSE = `
const { workerData } = require('node:worker_threads');
import(workerData.entry).then(async ({ PGlite }) => {
  const pglite = await PGlite.create(workerData.dataDir, { startParams: workerData.startParams });
  await pglite.close();
});
`;

/**
 * Creates a new PGlite data directory in a worker thread, so that initdb's memory leaves with it.
 *
 * Creating a directory runs initdb in a second, temporary PGlite whose WebAssembly memory (with
 * initdb's, 400-600 MiB) stays resident once closed until V8's next full collection, which an
 * idle server may not run for a long while. A worker's memory is returned to the system when the
 * worker ends. An existing directory (PG_VERSION present), `memory://` and other PGlite schemes
 * are left alone.
 */
export async function createDataDirApart(
  dataDir: string,
  startParams: readonly string[],
): Promise<void> {
  if (/^[a-z]+:\/\//.test(dataDir) && !dataDir.startsWith('file://')) return;
  const directory = dataDir.replace(/^file:\/\//, '');
  if (existsSync(path.join(directory, 'PG_VERSION'))) return;
  // Built beside what the directory holds, then moved in with PG_VERSION last: a creation cut
  // short (Ctrl-C, a time limit) leaves no PG_VERSION, and the next one starts again cleanly.
  const building = path.join(directory, BUILDING);
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true, mode: 0o700 });
  const entry = pathToFileURL(require.resolve('@electric-sql/pglite')).href;
  const worker = new Worker(CREATE_AND_CLOSE, {
    eval: true,
    workerData: { entry, dataDir: building, startParams: [...startParams] },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the PGlite data directory failed (exit ${code})`));
    });
  });
  const names = readdirSync(building).filter((name) => name !== 'PG_VERSION');
  for (const name of [...names, 'PG_VERSION']) {
    rmSync(path.join(directory, name), { recursive: true, force: true });
    renameSync(path.join(building, name), path.join(directory, name));
  }
  rmSync(building, { recursive: true, force: true });
}
