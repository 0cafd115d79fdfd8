import { QueryCache } from '../../src/domain/query-cache';
import { CheckSessionUseCase } from '../../src/domain/use-cases/check-session.use-case';
import { LogoutUseCase } from '../../src/domain/use-cases/logout.use-case';
import { WatchSessionUseCase } from '../../src/domain/use-cases/watch-session.use-case';
import { SessionViewModel } from '../../src/ui/shared/session.view-model';
import type { FakeClock } from '../fakes/fake-clock';
import type { FakeHttp } from '../fakes/fake-http';
import type { InMemoryStorage } from '../fakes/in-memory-storage';

/** The session flow with its real use cases, over the given fakes. */
export const watchSessionOver = (
  http: FakeHttp,
  storage: InMemoryStorage,
  clock: FakeClock,
  cache = new QueryCache(clock),
): WatchSessionUseCase =>
  new WatchSessionUseCase(
    new CheckSessionUseCase(http, storage),
    new LogoutUseCase(http, storage),
    storage,
    clock,
    cache,
  );

/** The app's SessionViewModel with its real use cases, over the given fakes. */
export const sessionOver = (
  http: FakeHttp,
  storage: InMemoryStorage,
  clock: FakeClock,
): SessionViewModel => new SessionViewModel(watchSessionOver(http, storage, clock));
