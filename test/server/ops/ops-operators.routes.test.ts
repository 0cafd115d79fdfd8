import { CLI } from '../../../server/use-cases/ops/actor';
import { type OperatorListResponse, OpsPaths } from '../../../src/contract/ops-api';
import { get, opsHarness, type OpsHarness, operatorSignedIn, post } from './ops-support';

/** The operator list as an admin reads it: every field of the contract in its wire form. */
describe('the console: the operator list', () => {
  let h: OpsHarness;

  beforeAll(async () => {
    h = await opsHarness();
  });
  afterAll(() => h.close());

  it('lists enrolled and invited operators with their state', async () => {
    const admin = await operatorSignedIn(h, 'admin', 'Aina Admin');
    const invited = await h.server.container.manageOperators.create(CLI, {
      name: 'Ivan Invited',
      email: 'ivan@ops.test',
      role: 'viewer',
    });
    expect(invited.ok).toBe(true);
    const answer = await get(h, OpsPaths.operators, admin);
    expect(answer.statusCode).toBe(200);
    const { items } = answer.json().data as OperatorListResponse;
    const byName = new Map(items.map((item) => [item.name, item]));
    expect(Object.keys(byName.get('Aina Admin') ?? {})).toEqual([
      'id',
      'name',
      'email',
      'role',
      'enrolled',
      'disabled',
      'created_at',
    ]);
    expect(byName.get('Aina Admin')).toMatchObject({
      id: admin.id,
      email: admin.email,
      role: 'admin',
      enrolled: true,
      disabled: false,
    });
    expect(byName.get('Ivan Invited')).toMatchObject({
      email: 'ivan@ops.test',
      role: 'viewer',
      enrolled: false,
      disabled: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('audits opening an enrolment link, with the address it was opened from', async () => {
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Opal Opened',
      email: 'opal@ops.test',
      role: 'viewer',
    });
    if (!created.ok) throw new Error('create');
    const opened = await post(h, OpsPaths.enrolmentStart, { token: created.value.token });
    expect(opened.statusCode).toBe(200);
    const entries = await h.server.container.audit.list({
      action: 'operator.enrolment_open',
      targetId: created.value.operatorId,
      limit: 10,
    });
    expect(entries).toEqual([
      expect.objectContaining({
        actorName: 'Opal Opened',
        targetId: created.value.operatorId,
        address: '127.0.0.1',
      }),
    ]);
  });

  it.each(['111111111111', 'password1234', 'qwertyuiopasdf', 'iloveyou1234', 'abcabcabcabc'])(
    'refuses %s as a new password, with a code and the field, on both ways to enrol',
    async (password) => {
      const created = await h.server.container.manageOperators.create(CLI, {
        name: 'Weak Password',
        email: `weak-${password}@ops.test`,
        role: 'viewer',
      });
      if (!created.ok) throw new Error('create');
      const { token } = created.value;
      const response = { clientDataJSON: 'eA', attestationObject: 'eA' };
      const credential = { id: 'eA', rawId: 'eA', type: 'public-key', response };
      for (const [path, body] of [
        [OpsPaths.enrolmentFinish, { token, password, totp_code: '123456' }],
        [OpsPaths.enrolmentFinishPasskey, { token, password, credential }],
      ] as const) {
        const answer = await post(h, path, body);
        expect([answer.statusCode, answer.json()]).toEqual([
          400,
          expect.objectContaining({ code: 'OPS_PASSWORD_WEAK', field: 'password' }),
        ]);
      }
    },
  );
});
