/**
 * Expected outcomes as values, shared by the SPA, the server and the sandbox gateway: a use case
 * returns a Result for what can go wrong in normal use and throws only for bugs.
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
