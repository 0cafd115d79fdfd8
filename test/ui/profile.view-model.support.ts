import { GetProfileUseCase } from '../../src/domain/use-cases/get-profile.use-case';
import { UpdateProfileUseCase } from '../../src/domain/use-cases/update-profile.use-case';
import { ProfileViewModel } from '../../src/ui/screens/profile/profile.view-model';
import { profileData } from '../builders/profile-data';
import { FakeClock } from '../fakes/fake-clock';
import { answer, FakeHttp } from '../fakes/fake-http';
import { QueryCache } from '../../src/domain/query-cache';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';

/** The profile screen's view-model on fakes, shared by its display and its editing suites. */

export function setUp(
  http = new FakeHttp().on('profile', answer(profileData)),
  // The data cache without retries: the screen's behaviour is under test, not the cache's.
  cache = new QueryCache(new FakeClock(), { retries: 0 }),
) {
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  const vm = new ProfileViewModel(
    new GetProfileUseCase(http, cache),
    new UpdateProfileUseCase(http),
    { notifier, navigation },
  );
  return { vm, http, notifier, navigation };
}

export async function loaded(http?: FakeHttp) {
  const ctx = setUp(http);
  await ctx.vm.load();
  return ctx;
}
