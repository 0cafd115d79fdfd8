import { type CreatePaymentResponse } from '../../../src/contract/api';
import { type TestDatabase } from '../../../scripts/support/databases';
import { registerAndLogin, type LoggedInMember } from '../support/members';
import {
  newPayment as newPaymentOf,
  paymentStatus,
  startPaymentsApp,
  type PaymentsTestApp,
} from '../support/payments';

/** The payments API on one database with two signed-in members, Alice and Bob. */
export interface PaymentsApi extends PaymentsTestApp {
  alice: LoggedInMember;
  bob: LoggedInMember;
  /** A new QR payment of `who` (Alice unless given), which must succeed. */
  newPayment(who?: LoggedInMember, amount?: string | number): Promise<CreatePaymentResponse>;
  /** The status the API shows `who` (Alice unless given) for a payment. */
  statusOf(transactionId: string, who?: LoggedInMember): Promise<string | undefined>;
}

/**
 * Starts the payments API on `database` before the suite and closes it after. Its app, signer
 * and members are filled in by `beforeAll`: read them inside tests, not while declaring them.
 */
export function paymentsApiOn(database: TestDatabase): PaymentsApi {
  const api = {
    newPayment: (who?: LoggedInMember, amount: string | number = '123.45') =>
      newPaymentOf(api.t.baseUrl, who ?? api.alice, amount),
    statusOf: (transactionId: string, who?: LoggedInMember) =>
      paymentStatus(api.t.baseUrl, transactionId, who ?? api.alice),
  } as PaymentsApi;
  beforeAll(async () => {
    Object.assign(api, await startPaymentsApp(database));
    api.alice = await registerAndLogin(api.t.baseUrl, { name: 'Alice Tan' });
    api.bob = await registerAndLogin(api.t.baseUrl, { name: 'Bob Lim' });
  });
  afterAll(() => api.t?.close());
  return api;
}
