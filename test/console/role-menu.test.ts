import { CONSOLE_PAGES, pagesFor } from '../../console/src/domain/menu';
import { ConsoleSessionViewModel } from '../../console/src/ui/shared/session.view-model';
import { OPS_ROLES, PERMISSIONS, type OpsRole } from '../../src/contract/ops-roles';
import { flushPromises } from '../fakes/fake-clock';
import { consoleContainer, signedInAs } from './console-container.support';
import { opsFailure } from './fake-ops-http';

const menuOf = (role: OpsRole) => pagesFor(role).map((page) => page.id);

describe('the console menu follows the role table', () => {
  it.each([
    ['viewer', ['members', 'payments']],
    ['support', ['members', 'payments']],
    ['finance', ['members', 'payments', 'refunds', 'reports']],
    ['admin', ['members', 'payments', 'refunds', 'reports', 'operators', 'audit']],
  ] as const)('%s sees %j', async (role, pages) => {
    expect(menuOf(role)).toEqual(pages);
    const { session } = await signedInAs(role);
    expect(session.pages.map((page) => page.id)).toEqual(pages);
  });

  it('shows a page exactly when the contract gives the role its permission', () => {
    for (const role of OPS_ROLES) {
      for (const page of CONSOLE_PAGES) {
        const allowed = (PERMISSIONS[page.permission] as readonly OpsRole[]).includes(role);
        expect({ role, page: page.id, shown: menuOf(role).includes(page.id) }).toEqual({
          role,
          page: page.id,
          shown: allowed,
        });
      }
    }
  });

  it('shows no page before anyone signs in', async () => {
    const { http, container } = consoleContainer();
    http.on('session', opsFailure('AUTH_REQUIRED'));
    const session = container.get(ConsoleSessionViewModel);
    session.start();
    expect(session.state.kind).toBe('checking');
    await flushPromises();
    expect(session.signedIn).toBe(false);
    expect(session.ended).toBe(false);
    expect(session.pages).toEqual([]);
  });

  it('lets only support and admin reveal and act for a member', async () => {
    for (const role of OPS_ROLES) {
      const { session } = await signedInAs(role);
      const helps = role === 'support' || role === 'admin';
      expect([role, session.can('members.reveal'), session.can('members.support')]).toEqual([
        role,
        helps,
        helps,
      ]);
    }
  });
});
