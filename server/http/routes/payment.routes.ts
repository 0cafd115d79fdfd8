import { ApiPaths, type CreatePaymentResponse } from '../../../src/contract/api';
import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { sendRedirectRefusal, wantsHtml } from './redirect-page';
import { PAYMENT_METHODS } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { isTransactionId } from '../../domain/transaction';
import { type ApplyPaymentCallbackValue } from '../../use-cases/apply-payment-callback.use-case';
import { type PaymentRequest } from '../../use-cases/create-payment-request.use-case';
import { memberOf } from '../auth';
import { answerWhenReady, success } from '../envelope';
import { ApiError, toApiError, valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import {
  callbackAnswer,
  createPaymentAnswer,
  paymentStatusAnswer,
  transactionDetailsAnswer,
} from './answers';
import { envelopeResponses, FAILURE_SCHEMA, route } from './route';

/**
 * Status reads: the payment screen polls every 3 s and the receipt and return pages every 10 s,
 * possibly in two tabs at once; keyed per session so members behind one NAT do not add up.
 */
const STATUS_READS_PER_SESSION_PER_MINUTE = 120;
const TAGS = ['Payments'];
const GATEWAY_TAGS = ['Gateways'];
const GATEWAY_PARAMS = {
  type: 'object',
  properties: { gateway: { type: 'string', description: 'The gateway that took the payment.' } },
} as const;

/** What a gateway's callback is answered (before paths named the gateway, and after). */
const callbackSchema = (params?: typeof GATEWAY_PARAMS) => ({
  summary: 'A gateway’s server-to-server report of a payment’s outcome',
  description:
    'Authenticated by the gateway’s signature, not a session. The body is the gateway’s own ' +
    '(JSON, or a form for Billplz), read by its adapter; a malformed one is recorded and refused.',
  tags: GATEWAY_TAGS,
  ...(params && { params }),
  response: envelopeResponses(callbackAnswer),
});

/** Where a gateway sends the payer's tab back (before paths named the gateway, and after). */
const redirectSchema = (params?: typeof GATEWAY_PARAMS) => ({
  summary: 'The payer’s tab back from a gateway that signs its redirect',
  description:
    'Verified, then on to the SPA’s return page (303). A refusal answers a browser tab (Accept: ' +
    'text/html) with a page in the member’s language, any other client with the envelope.',
  tags: GATEWAY_TAGS,
  ...(params && { params }),
  response: {
    303: { description: 'On to /return?transactionId=…', type: 'null' },
    default: FAILURE_SCHEMA,
  },
});

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
 * The only failure of an owned read (PAYMENT_NOT_FOUND), in the words the read's use case gives
 * it. A malformed id, a missing payment and another member's payment answer alike, so a stranger
 * cannot learn that an id exists.
 */
const paymentNotFound = (reason?: 'transaction-not-found') =>
  toApiError({ code: 'PAYMENT_NOT_FOUND', reason });

/**
 * The spec's payment request result: the signed hand-off fields with `payment_id` (the
 * transaction id: one public id is simpler for the SPA and for support), an always-empty
 * `clientSecret` (no secret goes to a browser) and `hashVal`, plus the gateway's hand-off.
 */
const paymentRequestAnswer = (request: PaymentRequest): CreatePaymentResponse => ({
  payment_id: request.transactionId,
  status: request.status,
  ...request.handOffFields,
  clientSecret: '',
  hashVal: request.signature,
  gateway: request.handOff,
});

/**
 * Payments under /api: create the signed gateway hand-off, read status (owner only), and the
 * gateway's server-to-server callback. Handlers only translate HTTP to use cases and back.
 */
export function paymentRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      'createPayment',
      {
        summary: 'Create a payment and its signed hand-off to the gateway',
        tags: TAGS,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['amount', 'payment_method'],
          properties: {
            // A number is taken too, from clients older than the contract's decimal text.
            amount: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }] },
            payment_method: { type: 'string', enum: [...PAYMENT_METHODS] },
          },
        },
        data: createPaymentAnswer,
        options: { preHandler: app.authenticate },
      },
      async (request) => {
        const rawKey = request.headers['idempotency-key'];
        if (Array.isArray(rawKey)) {
          throw new ApiError('VALIDATION_FAILED', 'Idempotency-Key: send it once.', {
            field: 'Idempotency-Key',
          });
        }
        const value = valueOrThrow(
          await container.createPaymentRequest.execute({
            memberId: memberOf(request).id,
            amount: request.body.amount,
            paymentMethod: request.body.payment_method,
            idempotencyKey: rawKey,
          }),
        );
        return success('Payment request created.', paymentRequestAnswer(value));
      },
    );

    route(
      app,
      'paymentStatus',
      {
        suffix: '/:payment_id',
        summary: 'One of the member’s payments: its status',
        tags: TAGS,
        params: {
          type: 'object',
          properties: { payment_id: { type: 'string', maxLength: 64 } },
        },
        data: paymentStatusAnswer,
        options: memberRoute(STATUS_READS_PER_SESSION_PER_MINUTE),
      },
      (request, reply) => {
        const paymentId = request.params.payment_id;
        // payment_id is the transactionId: anything else cannot exist, so skip the lookup.
        if (!isTransactionId(paymentId)) throw paymentNotFound();
        return answerWhenReady(
          reply,
          container.getPaymentStatus.execute({ memberId: memberOf(request).id, paymentId }),
          (answer) => success('Payment status.', valueOrThrow(answer)),
        );
      },
    );

    route(
      app,
      'transactionDetails',
      {
        summary: 'One of the member’s payments: status, amount and receipt number',
        tags: TAGS,
        querystring: {
          type: 'object',
          required: ['transactionId'],
          properties: { transactionId: { type: 'string', maxLength: 64 } },
        },
        data: transactionDetailsAnswer,
        options: memberRoute(STATUS_READS_PER_SESSION_PER_MINUTE),
      },
      async (request) => {
        const transactionId = request.query.transactionId;
        if (!isTransactionId(transactionId)) throw paymentNotFound('transaction-not-found');
        const value = valueOrThrow(
          await container.getTransactionDetails.execute({
            memberId: memberOf(request).id,
            transactionId,
          }),
        );
        return success('Transaction details.', value);
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
      // The path names the gateway that took the payment; the bare path stays for payments
      // made before paths named it (the sandbox's and Billplz's).
      callbacks.post<{ Params: { gateway?: string } }>(
        `${ApiPaths.paymentCallback}/:gateway`,
        { schema: callbackSchema(GATEWAY_PARAMS) },
        (request) => callback(request, request.params.gateway ?? null),
      );
      callbacks.post(ApiPaths.paymentCallback, { schema: callbackSchema() }, (request) =>
        callback(request, null),
      );
    });
    const callback = async (request: FastifyRequest, gateway: string | null) => {
      const result = await container.applyPaymentCallback.execute({
        request: {
          contentType: mediaType(request.headers['content-type']),
          body: request.body,
          headers: request.headers,
        },
        source: 'callback',
        gateway,
      });
      // The gateway down is an outside condition, not our fault: one line, no stack (502).
      if (!result.ok && result.error.code === 'PAYMENT_GATEWAY_UNAVAILABLE') {
        request.log.warn({ gateway, reason: result.error.message }, 'callback not confirmed');
      }
      const { result: outcome, status } = valueOrThrow(result);
      return success(CALLBACK_MESSAGES[outcome], { status });
    };

    // A refused redirect answers the payer's tab with a page, not the API's JSON (see
    // redirect-page.ts); the bare path is Billplz's from before paths named the gateway.
    app.get<{ Querystring: Record<string, unknown>; Params: { gateway?: string } }>(
      `${PAYMENT_REDIRECT_PATH}/:gateway`,
      { schema: redirectSchema(GATEWAY_PARAMS) },
      (request, reply) => redirect(request.query, request.params.gateway ?? null, reply, request),
    );
    app.get<{ Querystring: Record<string, unknown> }>(
      PAYMENT_REDIRECT_PATH,
      { schema: redirectSchema() },
      (request, reply) => redirect(request.query, null, reply, request),
    );
    const redirect = async (
      query: Record<string, unknown>,
      gateway: string | null,
      reply: FastifyReply,
      request: FastifyRequest,
    ) => {
      const result = await container.returnFromGateway.execute({ query, gateway });
      if (!result.ok) {
        // A browser tab (it asks for HTML) gets a page; any other client the API's envelope.
        if (!wantsHtml(request)) valueOrThrow(result);
        return sendRedirectRefusal(reply, request, result.error.code);
      }
      const id = encodeURIComponent(result.value.transactionId);
      return reply.redirect(`/return?transactionId=${id}`, 303);
    };
  };
}
