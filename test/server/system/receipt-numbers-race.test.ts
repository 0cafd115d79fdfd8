import { Client } from 'pg';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { receiptSequence } from '../../../server/domain/receipt';
import { type PaymentHistoryResponse } from '../../../src/contract/payment-history';
import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { registerAndLogin } from '../support/members';
import { newPayment, signOutcome } from '../support/payments';
import { twoServerProcesses } from '../support/two-processes';

jest.setTimeout(180_000);

const COMPLETED = 40;
const FAILED = 8;
const SECRET = 'receipt-race-gateway-secret-0123456789';
const onPostgres = eachDatabase().includes('postgres');

/**
 * Two server processes over one PostgreSQL database complete many payments at the same moment,
 * each payment's callback arriving at both (a gateway retrying on another instance): every
 * completed payment gets exactly one receipt number, and the numbers run 1..N with no gap.
 */
(onPostgres ? describe : describe.skip)('receipt numbers across two server processes', () => {
  const { servers, databaseUrl } = twoServerProcesses({ GATEWAY_SECRET: SECRET });

  it('gives each completed payment one number, 1..N in its year, with no gap', async () => {
    const [a, b] = servers.map((server) => server.baseUrl);
    const member = await registerAndLogin(a);
    const payments = [];
    for (let i = 0; i < COMPLETED + FAILED; i += 1) {
      payments.push(await newPayment(i % 2 === 0 ? a : b, member, '123.45'));
    }

    const signer = new HmacSha256PaymentSigner(SECRET);
    const callbacks = payments.flatMap((payment, i) => {
      const message = signOutcome(signer, {
        transactionId: payment.payment_id,
        status: i < COMPLETED ? 'completed' : 'failed',
        amount: '123.45',
        timestamp: Math.floor(Date.now() / 1000),
      });
      return [a, b].map((baseUrl) => () => postJson(baseUrl, '/payment/callback', message));
    });
    const answers = await Promise.all(callbacks.map((send) => send()));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    const client = new Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ status: string; receipt_number: string | null }>(
        'SELECT status, receipt_number FROM transactions',
      );
      const numbers = rows
        .filter((row) => row.status === 'completed')
        .map((row) => row.receipt_number);
      expect(numbers).toHaveLength(COMPLETED);
      expect(
        rows.filter((row) => row.status === 'failed' && row.receipt_number === null),
      ).toHaveLength(FAILED);
      const years = new Set(numbers.map((number) => number?.slice(0, 6)));
      expect(years.size).toBe(1);
      const sequences = numbers
        .map((number) => receiptSequence(number ?? ''))
        .sort((x, y) => x - y);
      expect(sequences).toEqual(Array.from({ length: COMPLETED }, (_n, i) => i + 1));
      const counters = await client.query<{ last_number: number }>(
        'SELECT last_number FROM receipt_counters',
      );
      expect(counters.rows).toEqual([{ last_number: COMPLETED }]);
    } finally {
      await client.end();
    }

    // Either instance shows the member the same numbers in the history.
    const page = await getJson<PaymentHistoryResponse>(
      b,
      '/payment/history?status=completed&limit=50',
      {
        token: member.token,
      },
    );
    expect(page.body.data?.payments).toHaveLength(COMPLETED);
    expect(new Set(page.body.data?.payments.map((row) => row.receiptNumber)).size).toBe(COMPLETED);
  });
});
