import { createHmac } from 'node:crypto';
import { type SandboxGatewayConfig } from '../../../sandbox-gateway/config';
import { type CallbackTransport } from '../../../sandbox-gateway/sandbox-callback-sender';
import {
  gatewayOutcomeCanonical,
  handOffCanonical,
  refundAnswerCanonical,
  refundRequestCanonical,
  type GatewayOutcomeMessage,
  type HandOffFields,
  type RefundAnswerMessage,
  type RefundRequestMessage,
} from '../../../src/contract/sandbox-gateway';

export const SECRET = 'test-gateway-secret-of-some-length-0123456789';
export const MERCHANT = 'Kedai <Aisyah> & Co';
export const CLIENT_ID = 'member-portal';

export function sandboxConfig(overrides: Partial<SandboxGatewayConfig> = {}): SandboxGatewayConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    gatewaySecret: SECRET,
    gatewayClientId: CLIENT_ID,
    merchantName: MERCHANT,
    appEnv: 'test',
    logLevel: 'silent',
    ...overrides,
  };
}

/** What the merchant (the API) signs with the shared secret. */
export const hmac = (canonical: string, secret = SECRET): string =>
  createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');

let serial = 0;

/** A fresh merchant reference (the gateway does not care about its format beyond the URL-safe). */
export const newTransactionId = (): string => `TXNTEST${String((serial += 1)).padStart(20, '0')}`;

/** The hand-off fields of one payment, as the API would send them (before signing). */
export function handOff(overrides: Partial<HandOffFields> = {}): HandOffFields {
  const transactionId = overrides.transactionId ?? newTransactionId();
  return {
    clientId: CLIENT_ID,
    transactionId,
    amount: '123.45',
    custName: 'Nur Aisyah',
    custMobile: '60123456789',
    custEmail: '',
    returnUrl: `http://127.0.0.1:8080/return?transactionId=${transactionId}`,
    callbackUrl: 'http://127.0.0.1:8080/api/payment/callback',
    paymentMethod: 'qr',
    ...overrides,
  };
}

/** The form the browser posts: every hand-off field, the empty clientSecret and hashVal. */
export function signedForm(fields: HandOffFields, secret = SECRET): Record<string, string> {
  return { ...fields, clientSecret: '', hashVal: hmac(handOffCanonical(fields), secret) };
}

export interface ReceivedCallback {
  url: string;
  body: GatewayOutcomeMessage & { signature: string };
}

/**
 * The merchant's callback endpoint in memory: records what arrives and answers the next status
 * from `answers` (200 once they run out); an Error answer stands for a network failure.
 */
export class FakeMerchant {
  readonly received: ReceivedCallback[] = [];
  answers: (number | Error)[] = [];

  readonly transport: CallbackTransport = async (url, json) => {
    this.received.push({ url, body: JSON.parse(json) as ReceivedCallback['body'] });
    const answer = this.answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

/** Whether a callback or status body carries the gateway's valid signature. */
export function isSignedByGateway(body: ReceivedCallback['body'], secret = SECRET): boolean {
  const { signature, ...message } = body;
  return signature === hmac(gatewayOutcomeCanonical(message), secret);
}

/** The session token the payment page hands the tab (hidden field of the decision forms). */
export const sessionOf = (html: string): string => {
  const session = /name="session" value="([^"]+)"/.exec(html)?.[1];
  if (session === undefined) throw new Error(`no session token in:\n${html.slice(0, 500)}`);
  return session;
};

/** A refund request's JSON as the merchant posts it, signed with `secret`. */
export function signedRefund(
  message: RefundRequestMessage,
  secret = SECRET,
): RefundRequestMessage & { signature: string } {
  return { ...message, signature: hmac(refundRequestCanonical(message), secret) };
}

/** Whether a refund answer carries the gateway's valid signature. */
export function isRefundAnswerSigned(
  body: RefundAnswerMessage & { signature: string },
  secret = SECRET,
): boolean {
  const { signature, ...message } = body;
  return signature === hmac(refundAnswerCanonical(message), secret);
}
