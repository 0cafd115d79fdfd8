/**
 * Jest transform for PGlite's CommonJS build only. That build loads node builtins with
 * `await import('fs')`, which jest's module sandbox cannot run without
 * --experimental-vm-modules. Rewriting each `import(x)` to a module-level helper over jest's own
 * `require` keeps PGlite unchanged otherwise (a helper, not an inline `require`, because the
 * build declares a local `var require` that would shadow it). Runtime (tsx) is untouched.
 */
const PRELUDE =
  'const __pgliteImport = (specifier) => Promise.resolve().then(() => require(specifier));\n';

module.exports = {
  process(source) {
    return { code: PRELUDE + source.replace(/\bimport\(/g, '__pgliteImport(') };
  },
  getCacheKey(source, path) {
    return `pglite-jest-transform-v1:${path}:${source.length}`;
  },
};
