import { randomBytes } from 'node:crypto';
import { PortalMetrics } from '../../../../server/adapters/metrics/portal-metrics';
import { generateTransactionId } from '../../../../server/domain/transaction';
import { aMemberRow, inMemoryStores } from '../../support/in-memory-stores';

const counted = (body: string, name: string): number =>
  Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1] ?? NaN);

describe('the metered transaction store', () => {
  it('counts a payment the gateway could not start as discarded, once, beside its creation', async () => {
    const metrics = new PortalMetrics();
    const stores = inMemoryStores();
    const member = aMemberRow();
    await stores.members.insert(member);
    const transactions = metrics.meterTransactionStore(stores.transactions);
    const { transaction } = await transactions.createPending({
      transactionId: generateTransactionId(randomBytes),
      memberId: member.id,
      amountSen: 12_345,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: new Date('2026-11-25T00:00:00Z'),
    });

    const id = transaction?.transactionId ?? 'none';
    expect(await transactions.discardUnstarted(id)).toBe(true);
    expect(await transactions.discardUnstarted(id)).toBe(false);

    const { body } = await metrics.scrape();
    expect(counted(body, 'payments_created_total')).toBe(1);
    expect(counted(body, 'payments_discarded_total')).toBe(1);
  });
});
