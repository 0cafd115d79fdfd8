import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createInMemoryContainer } from '../../../server/container';
import { generateTransactionId } from '../../../server/domain/transaction';
import { buildApp } from '../../../server/http/app';
import { type Sen } from '../../../src/contract/money';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow } from '../support/in-memory-stores';
import { testConfig } from '../support/in-memory-server';

/** Collects the JSON lines the app logs. */
function logCapture(): { stream: Writable; records: () => Array<Record<string, unknown>> } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    stream,
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("the container's own warnings", () => {
  it("go to the app's pino logger once an app is built over the container", async () => {
    const container = createInMemoryContainer(testConfig(), {
      clock: new FakeClock(),
      gatewayStatusClient: {
        queryStatus: () => Promise.reject(new Error('gateway unreachable')),
      },
    });
    const logs = logCapture();
    const app = await buildApp(container, container.config, { logStream: logs.stream });
    try {
      // gateways: a payment is reconciled through the gateway that took it, so it must exist.
      const member = aMemberRow();
      await container.members.insert(member);
      const transactionId = generateTransactionId(randomBytes);
      await container.transactions.createPending({
        transactionId,
        memberId: member.id,
        amountSen: 5000 as Sen,
        paymentMethod: 'qr',
        gateway: 'sandbox',
        createdAt: new Date(),
      });
      expect(await container.reconcilePendingPayments.reconcileNow(transactionId)).toBe('error');
      const warning = logs.records().find((r) => r.msg === 'payments: gateway status query failed');
      expect(warning).toMatchObject({ level: 40, transactionId });
      expect(JSON.stringify(warning?.err)).toContain('gateway unreachable');
    } finally {
      await app.close();
    }
  });

  it('are dropped, not printed, while no app has attached its logger', async () => {
    const write = jest.spyOn(process.stdout, 'write');
    const container = createInMemoryContainer(testConfig(), { clock: new FakeClock() });
    try {
      container.log.warn({ transactionId: 'tx-2' }, 'payments: nobody listening');
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
    }
  });
});
