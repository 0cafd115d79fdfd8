import type { Container, ResolutionContext, ServiceIdentifier } from 'inversify';
import { CLOCK_PORT, type Clock } from '../../domain/ports/clock.port';
import { HTTP_PORT, type HttpPort } from '../../domain/ports/http.port';
import { PASSKEY_PORT, type PasskeyPort } from '../../domain/ports/passkey.port';
import { STORAGE_PORT, type StoragePort } from '../../domain/ports/storage.port';
import type { QueryCache } from '../../domain/query-cache';
import { QUERY_CACHE } from '../shared/tokens';

/** What a use case is built from: the container's ports, and its other bindings by token. */
export interface UseCaseDeps {
  readonly http: HttpPort;
  readonly storage: StoragePort;
  readonly clock: Clock;
  readonly cache: QueryCache;
  readonly passkeys: PasskeyPort;
  get<T>(token: ServiceIdentifier<T>): T;
}

/** Each dependency is resolved when the builder reads it, not before. */
const depsOf = (ctx: ResolutionContext): UseCaseDeps => ({
  get http() {
    return ctx.get<HttpPort>(HTTP_PORT);
  },
  get storage() {
    return ctx.get<StoragePort>(STORAGE_PORT);
  },
  get clock() {
    return ctx.get<Clock>(CLOCK_PORT);
  },
  get cache() {
    return ctx.get<QueryCache>(QUERY_CACHE);
  },
  get passkeys() {
    return ctx.get<PasskeyPort>(PASSKEY_PORT);
  },
  get: (token) => ctx.get(token),
});

/** A use case's token and how to build it (domain classes know nothing of inversify). */
export type UseCaseBinding = readonly [token: symbol, build: (deps: UseCaseDeps) => unknown];

/** Binds each use case transient: a timed flow's screen gets its own and disposes it. */
export function bindUseCases(container: Container, bindings: readonly UseCaseBinding[]): void {
  for (const [token, build] of bindings) {
    container.bind(token).toDynamicValue((ctx) => build(depsOf(ctx)));
  }
}
