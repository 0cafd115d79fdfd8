import { formatSen } from '../../../src/contract/money';
import {
  refundAnswerCanonical,
  refundRequestCanonical,
  type RefundAnswerMessage,
  type RefundRequestMessage,
} from '../../../src/contract/sandbox-gateway';
import { type Clock } from '../../ports/clock.port';
import {
  type GatewayRefundAnswer,
  type GatewayRefundRequest,
} from '../../ports/payment-gateway.port';
import { type PaymentSigner } from '../../ports/payment-signer.port';
import { asObject } from './gateway-messages';

/** What a refund call is made with: where, as whom, signed how, and how long it may take. */
export interface SandboxRefundCall {
  refundUrl: string;
  clientId: string;
  signer: PaymentSigner;
  clock: Clock;
  fetchFn: typeof fetch;
  timeoutMs: number;
}

const unavailable = (reason: string): GatewayRefundAnswer => ({ kind: 'unavailable', reason });

/**
 * Sends one refund to a sandbox-style gateway (POST {refundUrl}, signed JSON) and reads its
 * signed answer. Only a 200 whose signature verifies and that names this very refund is an
 * answer; anything else (no connection, the timeout, another status, an unsigned or foreign
 * body) is `unavailable`, never thrown: the refund id makes sending it again safe.
 */
export async function sendSandboxRefund(
  call: SandboxRefundCall,
  request: GatewayRefundRequest,
): Promise<GatewayRefundAnswer> {
  const message: RefundRequestMessage = {
    clientId: call.clientId,
    transactionId: request.transactionId,
    refundId: request.refundId,
    amount: formatSen(request.amountSen),
    timestamp: Math.floor(call.clock.now() / 1000),
  };
  let status: number;
  let body: unknown;
  try {
    const response = await call.fetchFn(call.refundUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        ...message,
        signature: call.signer.sign(refundRequestCanonical(message)),
      }),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    status = response.status;
    body = status === 200 ? await response.json() : await response.body?.cancel();
  } catch (error) {
    return unavailable(
      `gateway refund call failed: ${error instanceof Error ? error.name : 'error'}`,
    );
  }
  if (status !== 200) return unavailable(`gateway refund call answered HTTP ${status}`);
  return readAnswer(call.signer, message, body);
}

/** The signed answer to `asked`, or `unavailable` when the body is not one. */
function readAnswer(
  signer: PaymentSigner,
  asked: RefundRequestMessage,
  body: unknown,
): GatewayRefundAnswer {
  const fields = asObject(body);
  const text = (name: keyof RefundAnswerMessage): string | null =>
    typeof fields?.[name] === 'string' ? fields[name] : null;
  const answer = {
    transactionId: text('transactionId'),
    refundId: text('refundId'),
    status: text('status'),
    amount: text('amount'),
    refundRef: text('refundRef'),
    reason: text('reason'),
  };
  const signature = typeof fields?.signature === 'string' ? fields.signature : '';
  if (Object.values(answer).includes(null)) return unavailable('gateway refund answer malformed');
  const message = answer as RefundAnswerMessage;
  if (!signer.verify(refundAnswerCanonical(message), signature)) {
    return unavailable('gateway refund answer has an invalid signature');
  }
  const sameRefund =
    message.transactionId === asked.transactionId &&
    message.refundId === asked.refundId &&
    message.amount === asked.amount;
  if (!sameRefund) return unavailable('gateway refund answer names another refund');
  if (message.status === 'refunded' && message.refundRef !== '') {
    return { kind: 'refunded', gatewayRefundRef: message.refundRef };
  }
  if (message.status === 'failed' && message.reason !== '') {
    return { kind: 'failed', reason: message.reason };
  }
  return unavailable('gateway refund answer malformed');
}
