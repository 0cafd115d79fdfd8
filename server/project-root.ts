import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The directory holding package.json above `from`: the repository when run from the sources,
 * and the same directory when run compiled from dist-server/ (which has no package.json), so
 * locales/ and the built SPA in dist/ are found from either.
 */
export function projectRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from);
  }
}
