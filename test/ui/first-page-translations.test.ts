import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import english from '../../locales/en/translation.json';
import { firstPageTranslations } from '../../scripts/first-load-locale.cjs';

const ROOT = path.resolve(__dirname, '..', '..');
const ENTRY = path.join(ROOT, 'src/ui/shell/index.tsx');

// Static imports and re-exports of local modules (not `import type`, not a dynamic import()).
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?'(\.[^']+)'/gm;

/** The first bundle's own sources: index.tsx and the modules it imports statically, in src. */
function firstBundleSources(): string[] {
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const base = path.resolve(path.dirname(file), specifier);
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
      if (found) queue.push(found);
    }
  }
  return [...seen];
}

const valueAt = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);

describe("the first bundle's English (scripts/first-load-locale.cjs)", () => {
  const picked = firstPageTranslations(english) as Record<string, unknown>;
  const namespaces = Object.keys(english).join('|');
  const sources = firstBundleSources();

  it('follows the static imports from index.tsx, and no lazily loaded screen', () => {
    const relative = sources.map((file) => path.relative(ROOT, file));
    expect(relative).toContain('src/ui/screens/login/login.view.tsx');
    expect(relative).toContain('src/ui/shared/error-messages.ts');
    expect(relative.filter((file) => /sign-up|profile|member-screens/.test(file))).toEqual([]);
  });

  it('keeps every key the first bundle names, with its English text', () => {
    const key = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
    const named = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(key)].map((match) => match[1]),
    );
    expect(named.length).toBeGreaterThan(50);
    const missing = [...new Set(named)].filter(
      (name) => valueAt(picked, name) !== valueAt(english, name),
    );
    expect(missing).toEqual([]);
    // A key built at run time (`ns.${...}`) needs its whole namespace.
    const built = new RegExp(`\`((?:${namespaces})\\.)[^\`]*\\$\\{`, 'g');
    for (const file of sources) {
      for (const [, prefix] of readFileSync(file, 'utf8').matchAll(built)) {
        const namespace = prefix.slice(0, -1);
        expect([namespace, picked[namespace]]).toEqual([namespace, valueAt(english, namespace)]);
      }
    }
  });

  it("leaves the lazily loaded screens' texts out", () => {
    expect(valueAt(picked, 'profile.title')).toBe(english.profile.title);
    expect(valueAt(picked, 'profile.validation')).toBeUndefined();
    expect(picked.security).toEqual({ passkeys: expect.any(Object) });
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(english).length / 2);
  });
});
