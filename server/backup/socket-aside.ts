/**
 * PGlite's `dumpDataDir` walks the whole data directory and fails (EINVAL) on a Unix socket, and
 * the operators' local channel keeps one there (`DATA_DIR/ops.sock`). The channel registers here
 * how it steps out of the directory (stops listening, removes the file, listens again after), and
 * a backup runs its copy through it, for as short a time as the copy takes.
 */
type Aside = <T>(fn: () => Promise<T>) => Promise<T>;

const asides = new Map<string, Aside>();

/** Registers the channel's way out of `dir` (an absolute path); returns its removal. */
export function registerSocketAside(dir: string, aside: Aside): () => void {
  asides.set(dir, aside);
  return () => {
    if (asides.get(dir) === aside) asides.delete(dir);
  };
}

/** Runs `fn` with no socket of ours in `dir`. */
export function withoutSockets<T>(dir: string | undefined, fn: () => Promise<T>): Promise<T> {
  const aside = dir === undefined ? undefined : asides.get(dir);
  return aside === undefined ? fn() : aside(fn);
}
