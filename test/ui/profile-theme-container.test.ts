import { expectFreshPerGet, fakeEdges } from '../builders/container-edges';
import { answer, FakeHttp } from '../fakes/fake-http';
import { profileData } from '../builders/profile-data';
import { createAppContainer } from './app-container.support';
import { ThemeViewModel } from '../../src/ui-kit/theme.view-model';
import { GET_PROFILE_USE_CASE, UPDATE_PROFILE_USE_CASE } from '../../src/ui/shared/tokens';
import { GetProfileUseCase } from '../../src/domain/use-cases/get-profile.use-case';
import { UpdateProfileUseCase } from '../../src/domain/use-cases/update-profile.use-case';
import { ProfileViewModel } from '../../src/ui/screens/profile/profile.view-model';
import { WizardzViewModel } from '../../src/ui/screens/wizardz/wizardz.view-model';

describe('profile, marketing page and theme bindings in the composition root', () => {
  it('builds the profile use cases from the HTTP port', () => {
    const container = createAppContainer(fakeEdges());
    expect(container.get(GET_PROFILE_USE_CASE)).toBeInstanceOf(GetProfileUseCase);
    expect(container.get(UPDATE_PROFILE_USE_CASE)).toBeInstanceOf(UpdateProfileUseCase);
  });

  it('gives a fresh profile and marketing-page view-model per screen mount', () => {
    const container = createAppContainer(fakeEdges());
    expectFreshPerGet(container, [ProfileViewModel, WizardzViewModel]);
  });

  it('shares one ThemeViewModel across the app', () => {
    const container = createAppContainer(fakeEdges());
    expect(container.get(ThemeViewModel)).toBe(container.get(ThemeViewModel));
  });

  it('wires the profile view-model to the HTTP port it was given', async () => {
    const http = new FakeHttp().on('profile', answer({ ...profileData, name: 'Aminah' }));
    const vm = createAppContainer({ ...fakeEdges(), http }).get(ProfileViewModel);

    await vm.load();

    expect(vm.name).toBe('Aminah');
  });
});
