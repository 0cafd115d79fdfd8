import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Clock } from '../src/contract/clock';
import { CANONICAL_AMOUNT_PATTERN } from '../src/contract/money';
import {
  isTimestampFresh,
  refundAnswerCanonical,
  refundRequestCanonical,
  REFUND_ID_PATTERN,
  type RefundAnswerMessage,
  type RefundRequestMessage,
} from '../src/contract/sandbox-gateway';
import { type HmacSigner } from './hmac-signer';
import { type SandboxRefund, type SandboxRefundStore } from './sandbox-refund-store';

/** The refund request's JSON, checked by Fastify before the door sees it (400 otherwise). */
export const refundBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    clientId: { type: 'string', minLength: 1, maxLength: 128 },
    transactionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    refundId: { type: 'string', pattern: REFUND_ID_PATTERN.source },
    // More than zero: '0.00' is no refund.
    amount: { type: 'string', pattern: CANONICAL_AMOUNT_PATTERN.source, not: { const: '0.00' } },
    timestamp: { type: 'integer', minimum: 0 },
    signature: { type: 'string', maxLength: 128 },
  },
  required: ['clientId', 'transactionId', 'refundId', 'amount', 'timestamp', 'signature'],
} as const;

export type RefundRoute = { Body: RefundRequestMessage & { signature: string } };

export interface RefundDoorDeps {
  gatewayClientId: string;
  signer: HmacSigner;
  refunds: SandboxRefundStore;
  clock: Clock;
}

/**
 * The merchant's signed refund request (POST /refunds): 401 unless signed with the shared secret
 * by our one merchant within the replay window; else the refund id's answer, signed. The same
 * refund id asked again answers the first answer and refunds nothing twice.
 */
export function refundDoor(deps: RefundDoorDeps) {
  const { signer, refunds, clock } = deps;
  return async (
    request: FastifyRequest<RefundRoute>,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const { signature, ...message } = request.body;
    const authentic =
      signer.verify(refundRequestCanonical(message), signature) &&
      message.clientId === deps.gatewayClientId &&
      isTimestampFresh(message.timestamp, new Date(clock.now()));
    if (!authentic) {
      return reply.code(401).header('Cache-Control', 'no-store').send({ error: 'unauthorized' });
    }
    const refund = refunds.refund(
      { transactionId: message.transactionId, refundId: message.refundId, amount: message.amount },
      clock.now(),
    );
    const answer = answerOf(refund);
    request.log.info(
      { transactionId: answer.transactionId, refundId: answer.refundId, status: answer.status },
      'sandbox gateway: refund answered',
    );
    return reply
      .header('Cache-Control', 'no-store')
      .send({ ...answer, signature: signer.sign(refundAnswerCanonical(answer)) });
  };
}

function answerOf(refund: SandboxRefund): RefundAnswerMessage {
  const { transactionId, refundId, amount } = refund;
  return refund.status === 'refunded'
    ? {
        transactionId,
        refundId,
        amount,
        status: 'refunded',
        refundRef: refund.refundRef,
        reason: '',
      }
    : { transactionId, refundId, amount, status: 'failed', refundRef: '', reason: refund.reason };
}
