import { type InjectOptions } from 'fastify';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { ApiPaths } from '../../../src/contract/api';
import { type ErrorCode } from '../../../src/contract/errors';
import { type PaymentStatus } from '../../../src/contract/payment';
import { gatewayOutcomeCanonical } from '../../../src/contract/sandbox-gateway';
import { type Answer, type InjectedApp, seedMember } from './in-memory-server';
import { aMember, type TestMember } from './members';

/** What a failure case runs against: an injected app, a logged-in member and the gateway key. */
export interface FailureContext {
  t: InjectedApp;
  token: string;
  member: TestMember;
  signer: HmacSha256PaymentSigner;
}

/** One failure to drive: the code it must answer, in words, and the request(s) that cause it. */
export type FailureCase = [ErrorCode, string, (c: FailureContext) => Promise<Answer>];

export function failureContext(t: InjectedApp, token: string, member: TestMember): FailureContext {
  return { t, token, member, signer: new HmacSha256PaymentSigner(t.config.gatewaySecret) };
}

/** Any request, answered as an Answer (the helpers of InjectedApp prefix /api). */
export async function inject(t: InjectedApp, options: InjectOptions): Promise<Answer> {
  const response = await t.app.inject(options);
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** A well-formed payment id no payment has. */
export const UNKNOWN_ID = `TXN${'A'.repeat(24)}`;

/** A six-digit code that is not `real`. */
export const wrongCode = (real: string | undefined) => (real === '000000' ? '111111' : '000000');

export const sendCode = (c: FailureContext, phone_no: string, purpose = 'registration') =>
  c.t.post(ApiPaths.sendSmsCode, { phone_no, purpose });

/** A registration of a new member (with `overrides`) with the given code. */
export const register = (c: FailureContext, tac_code: string, overrides = {}) =>
  c.t.post(ApiPaths.register, { ...aMember(overrides), tac_code });

/** A QR payment request of the context's member, with an optional Idempotency-Key. */
export const pay = (c: FailureContext, amount: unknown, key?: string) =>
  c.t.post(
    ApiPaths.createPayment,
    { amount, payment_method: 'qr' },
    { token: c.token, headers: key === undefined ? {} : { 'idempotency-key': key } },
  );

/** The id of a new MYR 100.00 payment of the context's member. */
export async function newPaymentId(c: FailureContext): Promise<string> {
  return ((await pay(c, '100.00')).body.data as { payment_id: string }).payment_id;
}

/** The sandbox gateway's callback, signed, `ageS` seconds old. */
export function callback(
  c: FailureContext,
  transactionId: string,
  status: PaymentStatus,
  opts: { amount?: string; ageS?: number } = {},
): Promise<Answer> {
  const message = {
    transactionId,
    status,
    amount: opts.amount ?? '100.00',
    timestamp: Math.floor(c.t.clock.now() / 1000) - (opts.ageS ?? 0),
  };
  const signature = c.signer.sign(gatewayOutcomeCanonical(message));
  return c.t.post(ApiPaths.paymentCallback, { ...message, signature });
}

/** The attempt repeated until it answers `code`, at most `tries` times; the last answer. */
export async function until(
  code: ErrorCode,
  tries: number,
  attempt: () => Promise<Answer>,
): Promise<Answer> {
  let answer = await attempt();
  for (let i = 1; i < tries && answer.body.code !== code; i += 1) answer = await attempt();
  return answer;
}

/** Another member, stored directly. */
export const seedOther = (c: FailureContext) => seedMember(c.t);
