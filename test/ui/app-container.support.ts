import type { Container } from 'inversify';
import { createContainer, type ContainerOverrides } from '../../src/ui/shell/container';
import { bindMemberScreens } from '../../src/ui/shell/member-bindings';

/**
 * The app's container as it is once the later screens' bundle has loaded: createContainer's
 * bindings and member-bindings.ts's (which member-screens.tsx adds when it arrives).
 */
export function createAppContainer(overrides?: ContainerOverrides): Container {
  const container = createContainer(overrides);
  bindMemberScreens(container);
  return container;
}
