import { PGlite } from '@electric-sql/pglite';

/**
 * How the embedded PostgreSQL (PGlite) starts: its defaults, with smaller shared buffers.
 *
 * PGlite's shared buffers live in its WebAssembly memory, which starts at 128 MiB (the module's
 * minimum: PGlite's `initialMemory` can raise it, never lower it) and never shrinks. PostgreSQL's
 * default of 128 MB of buffers grows that memory to about 200 MiB, nearly all of it resident.
 * 16 MB holds this portal's hot rows (sessions, members, recent payments; the in-process read
 * cache answers most reads before them) and keeps the memory at its minimum: an idle instance is
 * about 120 MiB smaller. Pages past them are read again through the operating system's file
 * cache. Given on the command line, so nothing is written to the data directory's
 * postgresql.conf (PGlite's `postgresqlconf` option would persist it there).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];
