import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { spy } from 'mobx';
import { AuditViewModel } from '../../console/src/ui/screens/audit/audit.view-model';
import { EnrolmentViewModel } from '../../console/src/ui/screens/enrolment/enrolment.view-model';
import { MemberViewModel } from '../../console/src/ui/screens/member/member.view-model';
import { MemberSearchViewModel } from '../../console/src/ui/screens/members/member-search.view-model';
import { OperatorsViewModel } from '../../console/src/ui/screens/operators/operators.view-model';
import { PaymentViewModel } from '../../console/src/ui/screens/payment/payment.view-model';
import { PaymentSearchViewModel } from '../../console/src/ui/screens/payments/payment-search.view-model';
import { ReportsViewModel } from '../../console/src/ui/screens/reports/reports.view-model';
import { SignInViewModel } from '../../console/src/ui/screens/sign-in/sign-in.view-model';
import { ConsoleSessionViewModel } from '../../console/src/ui/shared/session.view-model';
import { consoleContainer, signedInAs } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';

/**
 * The console's view-models in the member app's one idiom: a MobX class whose state is a
 * `status` union (busy flags are read from it), `load()` for what a screen shows and `submit()`
 * for its form, and every change after an `await` made inside `runInAction`.
 */
const ROOT = resolve(__dirname, '../..');
const UI = join(ROOT, 'console/src/ui');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The view-models, the forms they hold and the paged list the searches share. */
const viewModels = files(UI).filter((path) => /(\.view-model|\.form|paged-list)\.ts$/.test(path));

/** Every observable change made while no action runs (MobX's spy sees each one). */
async function changesOutsideActions(run: () => Promise<unknown>): Promise<string[]> {
  const open: string[] = [];
  const outside: string[] = [];
  const stop = spy((event) => {
    if (event.type === 'report-end') {
      open.pop();
      return;
    }
    const change = event.type === 'update' || event.type === 'splice';
    if (change && !open.includes('action')) {
      const { debugObjectName = '', name = '' } = event as {
        debugObjectName?: string;
        name?: string;
      };
      outside.push(`${debugObjectName}.${name}`);
    }
    if ('spyReportStart' in event && event.spyReportStart) open.push(event.type);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return outside;
}

/**
 * The methods that assign a field after an `await` other than inside runInAction: each method's
 * text after its first await, with the runInAction calls taken out, still assigning `this.x`.
 */
function assignedAfterAwait(source: string): string[] {
  return source
    .split(/\n {2}(?=(?:async |private |get )*\w+\()/)
    .filter((method) => /\bawait\b/.test(method))
    .map((method) => method.slice(method.search(/\bawait\b/)))
    .map((rest) => rest.replace(/runInAction\(\(\) =>[\s\S]*?\n {4}\}?\);?\n/g, ''))
    .map((rest) => rest.replace(/runInAction\(.*\);\n/g, ''))
    .filter((rest) => /this\.\w+ = /.test(rest))
    .map((rest) => rest.slice(0, 80));
}

const down = opsFailure('SERVICE_UNAVAILABLE');

describe('the console view-model idiom', () => {
  it.each(viewModels.map((path) => relative(ROOT, path)))(
    '%s keeps a status union and changes state after an await in runInAction',
    (path) => {
      const source = readFileSync(join(ROOT, path), 'utf8');
      // A piece that waits for nothing has no status to keep.
      if (!/\bawait\b/.test(source)) return;
      expect(source).toMatch(/\n {2}(get )?status(\(\))?: /);
      expect(source).not.toMatch(/\b(busy|loading|staying|requerying)\s*=\s*(true|false)/);
      expect(assignedAfterAwait(source)).toEqual([]);
    },
  );

  it('gives every screen a load() or a submit()', () => {
    const screens = viewModels.filter(
      (path) => path.endsWith('.view-model.ts') && path.includes('/screens/'),
    );
    const without = screens.filter(
      (path) => !/\n {2}(async )?(load|submit)\(/.test(readFileSync(path, 'utf8')),
    );
    expect(without.map((path) => relative(ROOT, path))).toEqual([]);
  });

  it('changes nothing outside an action on the sign-in and enrolment pages', async () => {
    const { container, http } = consoleContainer();
    http.on('session', opsFailure('AUTH_REQUIRED'));
    http.on('signIn', opsFailure('AUTH_INVALID_CREDENTIALS'));
    http.on(
      'enrolmentStart',
      answer({
        name: 'Nur',
        email: 'nur@ops.example',
        role: 'support' as const,
        totp_secret: 'JBSWY3DPEHPK3PXP',
        totp_uri: 'otpauth://totp/Console:nur?secret=JBSWY3DPEHPK3PXP',
      }),
    );
    http.on('enrolmentFinish', opsFailure('VALIDATION_FAILED', { field: 'totp_code' }));
    const signIn = container.get(SignInViewModel);
    const enrolment = container.get(EnrolmentViewModel);
    const outside = await changesOutsideActions(async () => {
      signIn.setEmail('nur@ops.example');
      signIn.setPassword('a long enough password');
      signIn.setCode('123456');
      await signIn.submit();
      await enrolment.load('#token=enrolment-token-0123456789');
      enrolment.setPassword('a long enough password');
      enrolment.setConfirmation('a long enough password');
      enrolment.setCode('123456');
      await enrolment.submit();
    });
    expect(outside).toEqual([]);
    expect([signIn.status, enrolment.status]).toEqual(['idle', 'ready']);
  });

  it('changes nothing outside an action on the signed-in pages, whatever the API answers', async () => {
    const { container, http, session } = await signedInAs('admin');
    for (const endpoint of [
      'searchMembers',
      'member',
      'operators',
      'operatorApprovals',
      'createOperator',
      'audit',
      'auditCheckpoint',
      'searchPayments',
      'payment',
      'requeryPayment',
      'reportSummary',
      'session',
    ] as const)
      http.on(endpoint, down);
    const outside = await changesOutsideActions(async () => {
      const members = container.get(MemberSearchViewModel);
      members.setQuery('0123456789');
      await members.load();
      await container.get(MemberViewModel).load('member-1');
      const operators = container.get(OperatorsViewModel);
      await operators.load();
      operators.setName('Nur');
      operators.setEmail('nur@ops.example');
      await operators.submit();
      const audit = container.get(AuditViewModel);
      await audit.load();
      await audit.checkpoint();
      await container.get(PaymentSearchViewModel).load();
      const payment = container.get(PaymentViewModel);
      await payment.load('payment-1');
      await container.get(ReportsViewModel).load();
      await container.get(ConsoleSessionViewModel).stay();
    });
    expect(outside).toEqual([]);
    expect(session.status).toBe('idle');
  });
});
