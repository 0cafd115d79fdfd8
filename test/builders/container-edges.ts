import type { Container, Newable } from 'inversify';
import { FakeClock } from '../fakes/fake-clock';
import { FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';

/** Every edge createContainer() takes, as fresh fakes: the container tests' overrides. */
export const fakeEdges = () => ({
  http: new FakeHttp(),
  storage: new InMemoryStorage(),
  clock: new FakeClock(),
  notifier: new RecordingNotifier(),
  navigation: new RecordingNavigation(),
});

/** Each screen view-model resolves, and to a new instance on every get (one per screen mount). */
export function expectFreshPerGet(
  container: Container,
  viewModels: readonly Newable<object>[],
): void {
  for (const viewModel of viewModels) {
    const first = container.get<object>(viewModel);
    expect(first).toBeInstanceOf(viewModel);
    expect(container.get<object>(viewModel)).not.toBe(first);
  }
}
