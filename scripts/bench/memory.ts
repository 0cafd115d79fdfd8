import { readFileSync } from 'node:fs';

/**
 * A process's resident memory (VmRSS) in MiB, read from /proc (Linux); undefined elsewhere or
 * once the process is gone.
 */
export function rssMiB(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    return kb ? Number(kb[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export const mib = (value: number | undefined) =>
  value === undefined ? 'n/a' : `${value.toFixed(0)} MiB`;
