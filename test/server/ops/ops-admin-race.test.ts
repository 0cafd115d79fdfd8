import { randomUUID } from 'node:crypto';
import { buildOpsApp } from '../../../server/ops-http/app';
import { CLI } from '../../../server/use-cases/ops/actor';
import { CSRF_HEADER, OpsPaths } from '../../../src/contract/ops-api';
import { eachDatabase } from '../../../scripts/support/databases';
import { startAnotherInstance } from '../support/instances';
import { startTestApp, type TestApp } from '../support/test-app';
import { enrolledWith, type SignedInOperator } from './ops-support';

jest.setTimeout(60_000);

const reason = { reason: 'two admins at once' };

/** An admin made by the command line, enrolled and signed in through the use cases. */
async function adminSignedIn(t: TestApp, name: string): Promise<SignedInOperator> {
  const email = `${randomUUID()}@race.test`;
  const created = await t.container.manageOperators.create(CLI, { name, email, role: 'admin' });
  if (!created.ok) throw new Error('create');
  return enrolledWith(t.container, t.clock, { token: created.value.token, email });
}

/**
 * The last-admin rule over two instances of one PostgreSQL database, by real HTTP: two admins
 * disabling or demoting each other at the same moment, one on each instance, leave one admin,
 * and one of the two is refused with a code.
 */
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`the admin set across two instances on ${database}`, () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ database });
      b = await startAnotherInstance(a);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('keeps an admin when two admins disable or demote each other at once on two instances', async () => {
      const opsA = await buildOpsApp(a.container, a.config, { distDir: '/nonexistent' });
      const opsB = await buildOpsApp(b.container, b.config, { distDir: '/nonexistent' });
      const urlA = await opsA.listen({ port: 0, host: '127.0.0.1' });
      const urlB = await opsB.listen({ port: 0, host: '127.0.0.1' });
      const over = (url: string, as: SignedInOperator, path: string, body: unknown) =>
        fetch(`${url}/api${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: as.cookie,
            [CSRF_HEADER]: as.csrf,
          },
          body: JSON.stringify(body),
        }).then(async (res) => ({ status: res.status, code: (await res.json()).code as string }));
      try {
        for (let trial = 0; trial < 12; trial += 1) {
          // Exactly two admins: every earlier one is disabled behind the console's back.
          for (const one of await a.container.operators.list()) {
            if (one.role === 'admin' && one.disabledAt === null) {
              await a.container.operators.setDisabled(one.id, new Date(a.clock.now()));
            }
          }
          const x = await adminSignedIn(a, `Admin X${trial}`);
          const y = await adminSignedIn(a, `Admin Y${trial}`);
          const action = (target: string) =>
            trial % 2 === 0
              ? { path: `${OpsPaths.operators}/${target}/disable`, body: reason }
              : {
                  path: `${OpsPaths.operators}/${target}/role`,
                  body: { ...reason, role: 'support' },
                };
          const [onA, onB] = await Promise.all([
            over(urlA, x, action(y.id).path, action(y.id).body),
            over(urlB, y, action(x.id).path, action(x.id).body),
          ]);
          expect(await a.container.operators.countActiveAdmins()).toBe(1);
          expect([onA.status, onB.status].filter((status) => status === 200)).toHaveLength(1);
          const refused = onA.status === 200 ? onB : onA;
          expect(['AUTH_REQUIRED', 'NOT_FOUND', 'OPS_CHANGE_REFUSED']).toContain(refused.code);
        }
      } finally {
        await opsB.close();
        await opsA.close();
      }
    });
  });
}
