import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import {
  gatewayOutcomeCanonical,
  type GatewayOutcomeMessage,
} from '../../../src/contract/sandbox-gateway';
import { type CreatePaymentResponse } from '../../../src/contract/api';
import { type TestDatabase } from '../../../scripts/support/databases';
import { getJson, postJson, type ApiResponse } from './http';
import { type LoggedInMember } from './members';
import { startTestApp, type TestApp } from './test-app';

export const CREATE_PAYMENT = '/transaction/generate-payment-request-body';

export interface PaymentsTestApp {
  t: TestApp;
  /** Holds the app's GATEWAY_SECRET, as the gateway does. */
  signer: HmacSha256PaymentSigner;
}

/** A test app (fake clock, no per-address throttling) and the gateway's signer for it. */
export async function startPaymentsApp(database: TestDatabase): Promise<PaymentsTestApp> {
  const t = await startTestApp({ database });
  return { t, signer: new HmacSha256PaymentSigner(t.config.gatewaySecret) };
}

/** POST generate-payment-request-body as a member, with an optional Idempotency-Key. */
export function requestPayment(
  baseUrl: string,
  who: LoggedInMember,
  body: unknown,
  key?: string,
): Promise<ApiResponse<CreatePaymentResponse>> {
  return postJson<CreatePaymentResponse>(baseUrl, CREATE_PAYMENT, body, {
    token: who.token,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
}

/** A new QR payment of the member, which must succeed. */
export async function newPayment(
  baseUrl: string,
  who: LoggedInMember,
  amount: string | number = '123.45',
): Promise<CreatePaymentResponse> {
  const res = await requestPayment(baseUrl, who, { amount, payment_method: 'qr' });
  expect(res.status).toBe(200);
  return res.body.data as CreatePaymentResponse;
}

/** The status the API shows the member for a payment. */
export async function paymentStatus(
  baseUrl: string,
  transactionId: string,
  who: LoggedInMember,
): Promise<string | undefined> {
  const res = await getJson<{ status: string }>(baseUrl, `/payment/status/${transactionId}`, {
    token: who.token,
  });
  return res.body.data?.status;
}

/** A gateway outcome message with the signature the gateway would put on it. */
export function signOutcome(signer: HmacSha256PaymentSigner, message: GatewayOutcomeMessage) {
  return { ...message, signature: signer.sign(gatewayOutcomeCanonical(message)) };
}
