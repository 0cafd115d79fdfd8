import { encodeHistoryCursor } from '../../../server/domain/history-cursor';
import { ApiPaths } from '../../../src/contract/api';
import { eachDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { getJson } from '../support/http';
import { registerAndLogin } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const TRANSACTION_ID = `TXN${'7'.repeat(24)}`;
const cursorAt = (ms: number) =>
  encodeHistoryCursor({ createdAt: new Date(ms), transactionId: TRANSACTION_ID });

describe.each(eachDatabase())(
  'the payment history cursor’s date on %s',
  (database: TestDatabase) => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await startTestApp({ database });
      token = (await registerAndLogin(t.baseUrl)).token;
    });
    afterAll(() => t.close());

    const history = (cursor: string) =>
      getJson(t.baseUrl, `${ApiPaths.paymentHistory}?cursor=${cursor}`, { token });

    it.each([
      ['the first moment of year 10000', Date.UTC(10_000, 0, 1)],
      ['the last date JavaScript holds', 8.64e15],
      ['year 99999', Date.UTC(99_999, 5, 1)],
    ])('answers a cursor dated %s with a coded 400 naming the cursor', async (_when, ms) => {
      const answer = await history(cursorAt(ms));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 0, code: 'VALIDATION_FAILED', field: 'cursor' });
    });

    it('pages from a cursor dated at the last millisecond of year 9999 or at 1970', async () => {
      for (const ms of [Date.UTC(9999, 11, 31, 23, 59, 59, 999), 0]) {
        const answer = await history(cursorAt(ms));
        expect(answer.status).toBe(200);
        expect(answer.body.data).toEqual({ payments: [], nextCursor: null });
      }
    });
  },
);
