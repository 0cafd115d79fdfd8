import { ApiPaths } from '../../../src/contract/api';
import { type FastifyPluginAsync } from 'fastify';
import { PAYMENT_METHODS } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { isTransactionId } from '../../domain/transaction';
import {
  type ApplyPaymentCallbackValue,
  type CallbackRejection,
} from '../../use-cases/apply-payment-callback.use-case';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { ApiError } from '../errors';
import { perSessionRateLimit } from '../rate-limits';

/**
 * Status reads: the payment screen polls every 3 s and the receipt and return pages every 10 s,
 * possibly in two tabs at once; keyed per session so members behind one NAT do not add up.
 */
const STATUS_READS_PER_SESSION_PER_MINUTE = 120;

const CALLBACK_STATUS: Record<CallbackRejection, number> = {
  malformed: 400,
  bad_signature: 401,
  stale: 401,
  not_supported: 404,
  unknown_transaction: 404,
  amount_mismatch: 400,
  contradiction: 409,
};

const CALLBACK_MESSAGES: Record<ApplyPaymentCallbackValue['result'], string> = {
  applied: 'Callback applied.',
  duplicate: 'Callback already applied.',
  ignored: 'Callback noted; the payment is still pending.',
};

/**
 * Where gateways that sign their redirect (Billplz) send the payer's tab back: verified here,
 * then the tab goes on to the SPA's return page. Not in the contract: the SPA never calls it.
 */
export const PAYMENT_REDIRECT_PATH = '/payment/redirect';

/** The content type without parameters, lower-case; '' when absent. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The only failure of an owned read. A malformed id, a missing payment and another member's
 * payment answer alike, so a stranger cannot learn that an id exists.
 */
const PAYMENT_NOT_FOUND = 'Payment not found.';
const TRANSACTION_NOT_FOUND = 'Transaction not found.';

/**
 * Payments under /api: create the signed gateway hand-off, read status (owner only), and the
 * gateway's server-to-server callback. Handlers only translate HTTP to use cases and back.
 */
export function paymentRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: { amount: number | string; payment_method: string } }>(
      ApiPaths.createPayment,
      {
        preHandler: app.authenticate,
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['amount', 'payment_method'],
            properties: {
              amount: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }] },
              payment_method: { type: 'string', enum: [...PAYMENT_METHODS] },
            },
          },
        },
      },
      async (request) => {
        const rawKey = request.headers['idempotency-key'];
        if (Array.isArray(rawKey)) throw new ApiError(400, 'Idempotency-Key: send it once.');
        const result = await container.createPaymentRequest.execute({
          memberId: memberOf(request).id,
          amount: request.body.amount,
          paymentMethod: request.body.payment_method,
          idempotencyKey: rawKey,
        });
        if (!result.ok) {
          const error = result.error;
          if (error.kind === 'invalid') throw new ApiError(400, error.message);
          if (error.kind === 'idempotency_conflict') throw new ApiError(409, error.message);
          if (error.kind === 'gateway_unavailable') throw new ApiError(502, error.message);
          throw new ApiError(401, 'Please log in to continue.');
        }
        return success('Payment request created.', result.value);
      },
    );

    app.get<{ Params: { payment_id: string } }>(
      `${ApiPaths.paymentStatus}/:payment_id`,
      {
        preHandler: app.authenticate,
        config: { rateLimit: perSessionRateLimit(container, STATUS_READS_PER_SESSION_PER_MINUTE) },
        schema: {
          params: {
            type: 'object',
            properties: { payment_id: { type: 'string', maxLength: 64 } },
          },
        },
      },
      async (request) => {
        const paymentId = request.params.payment_id;
        // payment_id is the transactionId: anything else cannot exist, so skip the lookup.
        if (!isTransactionId(paymentId)) throw new ApiError(404, PAYMENT_NOT_FOUND);
        const result = await container.getPaymentStatus.execute({
          memberId: memberOf(request).id,
          paymentId,
        });
        if (!result.ok) throw new ApiError(404, PAYMENT_NOT_FOUND);
        return success('Payment status.', result.value);
      },
    );

    app.get<{ Querystring: { transactionId: string } }>(
      ApiPaths.transactionDetails,
      {
        preHandler: app.authenticate,
        config: { rateLimit: perSessionRateLimit(container, STATUS_READS_PER_SESSION_PER_MINUTE) },
        schema: {
          querystring: {
            type: 'object',
            required: ['transactionId'],
            properties: { transactionId: { type: 'string', maxLength: 64 } },
          },
        },
      },
      async (request) => {
        const transactionId = request.query.transactionId;
        if (!isTransactionId(transactionId)) throw new ApiError(404, TRANSACTION_NOT_FOUND);
        const result = await container.getTransactionDetails.execute({
          memberId: memberOf(request).id,
          transactionId,
        });
        if (!result.ok) throw new ApiError(404, TRANSACTION_NOT_FOUND);
        return success('Transaction details.', result.value);
      },
    );

    // No bearer: the gateway authenticates with its signature. No body schema either, so that
    // malformed callbacks reach the use case and are recorded with their reason. Billplz posts
    // its callback form-encoded to this same path; the adapter reads the raw text (scoped here:
    // the rest of the API accepts JSON only).
    await app.register(async (callbacks) => {
      callbacks.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, body),
      );
      callbacks.post(ApiPaths.paymentCallback, async (request) => {
        const result = await container.applyPaymentCallback.execute({
          request: {
            contentType: mediaType(request.headers['content-type']),
            body: request.body,
            headers: request.headers,
          },
          source: 'callback',
        });
        if (!result.ok) {
          throw new ApiError(CALLBACK_STATUS[result.error.kind], result.error.message);
        }
        const { result: outcome, status } = result.value;
        return success(CALLBACK_MESSAGES[outcome], { status });
      });
    });

    app.get<{ Querystring: Record<string, unknown> }>(
      PAYMENT_REDIRECT_PATH,
      async (request, reply) => {
        const result = await container.returnFromGateway.execute({ query: request.query });
        if (!result.ok) {
          throw new ApiError(CALLBACK_STATUS[result.error.kind], result.error.message);
        }
        const id = encodeURIComponent(result.value.transactionId);
        return reply.redirect(`/return?transactionId=${id}`, 303);
      },
    );
  };
}
