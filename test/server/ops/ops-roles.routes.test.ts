import { randomUUID } from 'node:crypto';
import { buildApp } from '../../../server/http/app';
import { ApiPaths } from '../../../src/contract/api';
import { CSRF_HEADER, OpsPaths } from '../../../src/contract/ops-api';
import { OPS_ROLES, type OpsRole } from '../../../src/contract/ops-roles';
import { seedMember } from '../support/in-memory-server';
import {
  get,
  opsHarness,
  type OpsHarness,
  operatorSignedIn,
  post,
  type SignedInOperator,
} from './ops-support';

/**
 * Every role against every console route (app.inject on the in-memory container): a route the
 * role may use answers as it should; one it may not answers 404, exactly as an unknown path does.
 */
describe('the console: role x route', () => {
  let h: OpsHarness;
  const as = {} as Record<OpsRole, SignedInOperator>;
  let memberId: string;
  let otherOperator: string;
  beforeAll(async () => {
    h = await opsHarness();
    for (const role of OPS_ROLES) as[role] = await operatorSignedIn(h, role);
    memberId = (await seedMember(h.server)).id;
    otherOperator = (await operatorSignedIn(h, 'viewer', 'Another Viewer')).id;
  });
  afterAll(() => h.close());

  const reason = { reason: 'member asked by phone' };
  const routes: {
    name: string;
    call: (who: SignedInOperator) => ReturnType<typeof get>;
    allowed: OpsRole[];
  }[] = [
    {
      name: 'search',
      call: (who) => get(h, `${OpsPaths.members}?q=Aisyah`, who),
      allowed: [...OPS_ROLES],
    },
    {
      name: 'member page',
      call: (who) => get(h, `${OpsPaths.member}/${memberId}`, who),
      allowed: [...OPS_ROLES],
    },
    {
      name: 'reveal',
      call: (who) => post(h, `${OpsPaths.member}/${memberId}/reveal`, reason, who),
      allowed: ['support', 'admin'],
    },
    {
      name: 'clear throttle',
      call: (who) => post(h, `${OpsPaths.member}/${memberId}/clear-throttle`, reason, who),
      allowed: ['support', 'admin'],
    },
    {
      name: 'sign-in switch',
      call: (who) =>
        post(h, `${OpsPaths.member}/${memberId}/sign-in`, { ...reason, enabled: true }, who),
      allowed: ['support', 'admin'],
    },
    {
      name: 'sign out everywhere',
      call: (who) => post(h, `${OpsPaths.member}/${memberId}/sign-out-everywhere`, reason, who),
      allowed: ['support', 'admin'],
    },
    { name: 'operators', call: (who) => get(h, OpsPaths.operators, who), allowed: ['admin'] },
    {
      name: 'operator role',
      call: (who) =>
        post(h, `${OpsPaths.operators}/${otherOperator}/role`, { ...reason, role: 'viewer' }, who),
      allowed: ['admin'],
    },
    {
      name: 'operator sign-in lock',
      call: (who) =>
        post(h, `${OpsPaths.operators}/${otherOperator}/clear-sign-in-lock`, reason, who),
      allowed: ['admin'],
    },
    {
      name: 'operator approvals',
      call: (who) => get(h, OpsPaths.operatorApprovals, who),
      allowed: ['admin'],
    },
    { name: 'audit', call: (who) => get(h, OpsPaths.audit, who), allowed: ['admin'] },
    {
      name: 'checkpoint',
      call: (who) => post(h, OpsPaths.auditCheckpoint, {}, who),
      allowed: ['admin'],
    },
  ];

  it.each(routes.flatMap((route) => OPS_ROLES.map((role) => [route.name, role] as const)))(
    '%s as %s',
    async (name, role) => {
      const route = routes.find((one) => one.name === name);
      if (route === undefined) throw new Error(name);
      const res = await route.call(as[role]);
      if (route.allowed.includes(role)) {
        expect(res.statusCode).toBe(200);
      } else {
        const unknown = await get(h, `/no-such-route-${randomUUID()}`, as[role]);
        expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
        expect(unknown.statusCode).toBe(404);
      }
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('refuses every route without a session, and a POST without its CSRF token', async () => {
    expect((await get(h, OpsPaths.members + '?q=ab')).json().code).toBe('AUTH_REQUIRED');
    const admin = as.admin;
    const noCsrf = await post(h, OpsPaths.auditCheckpoint, {}, { ...admin, csrf: 'wrong' });
    expect([noCsrf.statusCode, noCsrf.json().code]).toEqual([403, 'OPS_CSRF_REJECTED']);
  });

  it("is refused by the member API: an operator's cookie is no member session", async () => {
    const memberApp = await buildApp(h.server.container, h.server.config, {
      distDir: '/nonexistent',
    });
    try {
      const res = await memberApp.inject({
        method: 'POST',
        url: `/api${ApiPaths.sessionCheck}`,
        headers: { cookie: as.admin.cookie, [CSRF_HEADER]: as.admin.csrf },
      });
      expect([res.statusCode, res.json().code]).toEqual([401, 'AUTH_REQUIRED']);
    } finally {
      await memberApp.close();
    }
  });

  it('answers the console codes: a taken e-mail, an own role or disabling, a dead link', async () => {
    const admin = as.admin;
    const taken = await post(
      h,
      OpsPaths.operators,
      { name: 'Twin', email: as.viewer.email, role: 'viewer' },
      admin,
    );
    expect([taken.statusCode, taken.json().code, taken.json().field]).toEqual([
      409,
      'OPS_EMAIL_TAKEN',
      'email',
    ]);
    const own = await post(
      h,
      `${OpsPaths.operators}/${admin.id}/role`,
      { role: 'viewer', reason: 'testing rules' },
      admin,
    );
    expect([own.statusCode, own.json().code]).toEqual([409, 'OPS_CHANGE_REFUSED']);
    const self = await post(
      h,
      `${OpsPaths.operators}/${admin.id}/disable`,
      { reason: 'testing rules' },
      admin,
    );
    expect([self.statusCode, self.json().code]).toEqual([409, 'OPS_CHANGE_REFUSED']);
    const link = await post(h, OpsPaths.enrolmentStart, { token: 'no-such-enrolment-token' });
    expect([link.statusCode, link.json().code]).toEqual([400, 'OPS_ENROLMENT_INVALID']);
  });

  it("refuses a member's bearer token", async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api${OpsPaths.session}`,
      headers: { authorization: 'Bearer some-member-token' },
    });
    expect(res.json().code).toBe('AUTH_REQUIRED');
  });
});
