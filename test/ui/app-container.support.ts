import type { Container } from 'inversify';
import { createContainer, type ContainerOverrides } from '../../src/ui/shell/container';
import { bindAccountScreens } from '../../src/ui/shell/account-bindings';
import { bindMemberScreens } from '../../src/ui/shell/member-bindings';

/**
 * The app's container as it is once both lazily loaded bundles of screens have arrived:
 * createContainer's bindings, account-bindings.ts's and member-bindings.ts's.
 */
export function createAppContainer(overrides?: ContainerOverrides): Container {
  const container = createContainer(overrides);
  bindAccountScreens(container);
  bindMemberScreens(container);
  return container;
}
