import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A mount as /proc/self/mountinfo lists it: where it is and its filesystem type. */
export interface Mount {
  mountPoint: string;
  fsType: string;
  readOnly: boolean;
}

/** Filesystems whose content is gone at the next reboot. */
const VOLATILE = new Set(['tmpfs', 'ramfs']);
/** The layered filesystem of a container's own root: gone with the container. */
const CONTAINER_ROOT = new Set(['overlay', 'aufs', 'fuse-overlayfs']);

/** Parses /proc/self/mountinfo (fields: id parent major:minor root mountpoint ... - fstype ...). */
export function parseMountInfo(text: string): Mount[] {
  return text
    .split('\n')
    .filter((line) => line.includes(' - '))
    .map((line) => {
      const [before, after] = line.split(' - ');
      const fields = before?.split(' ') ?? [];
      const mountPoint = unescapeMount(fields[4] ?? '');
      const readOnly = (fields[5] ?? '').split(',').includes('ro');
      return { mountPoint, fsType: after?.split(' ')[0] ?? '', readOnly };
    });
}

/** Octal escapes (`\040` for a space) as the kernel writes them. */
function unescapeMount(text: string): string {
  return text.replace(/\\(\d{3})/g, (_all, code: string) => String.fromCharCode(parseInt(code, 8)));
}

/** The mount holding `target` (an absolute, resolved path): the longest mount point above it. */
export function mountOf(target: string, mounts: readonly Mount[]): Mount | undefined {
  let best: Mount | undefined;
  for (const mount of mounts) {
    const point = mount.mountPoint;
    const holds =
      point === '/' ||
      target === point ||
      target.startsWith(point.endsWith('/') ? point : `${point}/`);
    // A later line for the same point is mounted over the earlier one.
    if (holds && (best === undefined || point.length >= best.mountPoint.length)) best = mount;
  }
  return best;
}

/** The directory itself when it exists, else its nearest existing parent, resolved. */
function nearestExisting(dir: string): string {
  let current = path.resolve(dir);
  while (!existsSync(current)) {
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return realpathSync(current);
}

/**
 * Whether PGlite's directory survives the container and the reboot (`null`: fine; otherwise what
 * is wrong): not on tmpfs, not on a container's own layered root, and writable by this user.
 */
export function dataDirProblem(
  dir: string,
  mountInfo: () => string | undefined = readMountInfo,
): string | null {
  const existing = nearestExisting(dir);
  const text = mountInfo();
  if (text !== undefined) {
    const mount = mountOf(existing, parseMountInfo(text));
    if (mount !== undefined && VOLATILE.has(mount.fsType)) {
      return `${dir} is on ${mount.fsType} (${mount.mountPoint}): the data is lost at the next reboot`;
    }
    if (mount?.readOnly) {
      return `${dir} is not writable: a read-only filesystem (${mount.mountPoint}); mount a writable volume there`;
    }
    if (mount !== undefined && mount.mountPoint === '/' && CONTAINER_ROOT.has(mount.fsType)) {
      return `${dir} is on the container's own filesystem, lost with the container: mount a volume there`;
    }
  }
  const probe = path.join(existing, `.preflight-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    const uid = process.getuid?.();
    return `${dir} is not writable${uid === undefined ? '' : ` by uid ${uid}`} (${code} in ${existing})`;
  }
  return null;
}

/** The mount table, where Linux gives one (undefined elsewhere: nothing is judged from it). */
function readMountInfo(): string | undefined {
  try {
    return readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined;
  }
}
