/**
 * Preloaded (`node --require`) by the production-build test: any module resolved from
 * node_modules must belong to a production dependency (PRODUCTION_PACKAGES, one directory a line,
 * from `npm ls --omit=dev --all --parseable`), so a dev dependency such as tsx or parcel needed at
 * run time fails the test as it would fail after `npm ci --omit=dev`. Covers CommonJS `require`,
 * which is how the compiled server loads its dependencies.
 */
const Module = require('node:module');
const { readFileSync, realpathSync } = require('node:fs');
const path = require('node:path');

const allowed = new Set(
  readFileSync(process.env.PRODUCTION_PACKAGES, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((dir) => realpathSync(dir)),
);

function packageDir(file) {
  const at = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (at < 0) return null;
  const rest = file.slice(at + 14).split(path.sep);
  const name = rest[0].startsWith('@') ? `${rest[0]}${path.sep}${rest[1]}` : rest[0];
  return file.slice(0, at + 14) + name;
}

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const file = resolve.call(this, request, ...rest);
  if (path.isAbsolute(file)) {
    const dir = packageDir(realpathSync(file));
    if (dir !== null && !allowed.has(dir)) {
      throw new Error(`not a production dependency: ${request} (${dir})`);
    }
  }
  return file;
};
