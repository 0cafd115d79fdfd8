import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Clock } from '../src/contract/clock';
import { languageOfAcceptLanguage } from '../src/contract/languages';
import { CANONICAL_AMOUNT_PATTERN } from '../src/contract/money';
import { err, ok, type Result } from '../src/contract/result';
import { PAYMENT_METHODS, type PaymentMethod } from '../src/contract/rules';
import {
  type HandOffFields,
  HAND_OFF_FIELD_ORDER,
  gatewayOutcomeCanonical,
  handOffCanonical,
} from '../src/contract/sandbox-gateway';
import { type HmacSigner } from './hmac-signer';
import { type SandboxCallbackSender } from './sandbox-callback-sender';
import { renderErrorPage, renderPaymentPage } from './sandbox-page';
import { type SandboxPaymentStore } from './sandbox-payment-store';
import { refundBodySchema, refundDoor, type RefundRoute } from './sandbox-refund-door';
import { type SandboxRefundStore } from './sandbox-refund-store';
import { qrDataUri } from './sandbox-qr';

const MAX_FIELD_LENGTH = 2048;
/**
 * A merchant's own reference: the gateway does not know the merchant's id format, only that it
 * must fit a URL path segment and a QR field.
 */
const TRANSACTION_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const isTransactionId = (value: string): boolean => new RegExp(TRANSACTION_ID_PATTERN).test(value);

/** Page CSP: nothing but our stylesheet and the inline QR image; forms may leave for `formTo`. */
export function pageCsp(formTo: string[] = []): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action ${["'self'", ...formTo].join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  csp = pageCsp(),
): FastifyReply {
  // A payment page must never be served from a cache or shown again from history.
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', csp)
    .type('text/html; charset=utf-8')
    .send(html);
}

const httpOrigin = (value: string): string | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/** The hand-off fields of a form POST, or the reason they are unusable. */
function readHandOff(body: unknown): Result<{ fields: HandOffFields; hashVal: string }, string> {
  if (typeof body !== 'object' || body === null) return err('No form fields.');
  const form = body as Record<string, unknown>;
  const text = (name: string): string | null => {
    const value = form[name];
    return typeof value === 'string' && value.length <= MAX_FIELD_LENGTH ? value : null;
  };
  const values: Partial<Record<keyof HandOffFields, string>> = {};
  for (const name of HAND_OFF_FIELD_ORDER) {
    const value = text(name);
    if (value === null) return err(`Missing or invalid field: ${name}.`);
    values[name] = value;
  }
  const hashVal = text('hashVal');
  if (hashVal === null) return err('Missing field: hashVal.');
  const fields = values as HandOffFields;
  if (!isTransactionId(fields.transactionId)) {
    return err('Invalid transactionId.');
  }
  if (!CANONICAL_AMOUNT_PATTERN.test(fields.amount)) {
    return err('Invalid amount.');
  }
  if (!(PAYMENT_METHODS as readonly string[]).includes(fields.paymentMethod)) {
    return err('Unsupported payment method.');
  }
  if (httpOrigin(fields.returnUrl) === null || httpOrigin(fields.callbackUrl) === null) {
    return err('Invalid returnUrl or callbackUrl.');
  }
  return ok({ fields, hashVal });
}

export interface SandboxGatewayDeps {
  merchantName: string;
  gatewayClientId: string;
  signer: HmacSigner;
  store: SandboxPaymentStore;
  refunds: SandboxRefundStore;
  sender: SandboxCallbackSender;
  clock: Clock;
}

const transactionParam = {
  type: 'object',
  properties: { transactionId: { type: 'string', pattern: TRANSACTION_ID_PATTERN } },
  required: ['transactionId'],
} as const;

/**
 * The hosted gateway's doors, as a real one has them: the hand-off form in (POST /pay), the
 * payer's decision (which sends the signed callback out, then returns the tab to the merchant),
 * the signed status query (GET /status/:transactionId) and the signed refund (POST /refunds).
 */
export function sandboxGatewayRoutes(deps: SandboxGatewayDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/pay', handOffDoor(deps));
    app.post<DecisionRoute>(
      '/pay/:transactionId/:decision',
      { schema: { params: decisionParams } },
      decisionDoor(deps),
    );
    app.get<StatusRoute>(
      '/status/:transactionId',
      { schema: { params: transactionParam } },
      statusDoor(deps),
    );
    app.post<RefundRoute>('/refunds', { schema: { body: refundBodySchema } }, refundDoor(deps));
  };
}

type DecisionRoute = { Params: { transactionId: string; decision: 'approve' | 'decline' } };
type StatusRoute = { Params: { transactionId: string } };

const decisionParams = {
  type: 'object',
  properties: {
    ...transactionParam.properties,
    decision: { type: 'string', enum: ['approve', 'decline'] },
  },
  required: ['transactionId', 'decision'],
} as const;

/** The signed hand-off in: checked, recorded, and answered with the payment page. */
function handOffDoor(deps: SandboxGatewayDeps) {
  const { signer, store, clock } = deps;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const handOff = readHandOff(request.body);
    if (!handOff.ok) {
      return sendPage(reply, 400, renderErrorPage('Payment request rejected', handOff.error));
    }
    const { fields, hashVal } = handOff.value;
    if (!signer.verify(handOffCanonical(fields), hashVal)) {
      return sendPage(
        reply,
        400,
        renderErrorPage(
          'Payment request rejected',
          'The payment request signature (hashVal) is invalid.',
        ),
      );
    }
    if (fields.clientId !== deps.gatewayClientId) {
      return sendPage(reply, 400, renderErrorPage('Payment request rejected', 'Unknown merchant.'));
    }

    const sessionToken = randomBytes(32).toString('base64url');
    const seen = store.recordHandOff(
      {
        transactionId: fields.transactionId,
        clientId: fields.clientId,
        amount: fields.amount,
        returnUrl: fields.returnUrl,
        callbackUrl: fields.callbackUrl,
        sessionTokenHash: sha256(sessionToken).toString('hex'),
      },
      clock.now(),
    );
    if (seen.kind === 'decided') {
      return sendPage(
        reply,
        409,
        renderErrorPage(
          'Payment already decided',
          `This payment was already ${seen.payment.status === 'completed' ? 'approved' : 'declined'}.`,
        ),
      );
    }
    const page = renderPaymentPage({
      merchantName: deps.merchantName,
      transactionId: fields.transactionId,
      amount: fields.amount,
      qrDataUri: await qrDataUri({
        merchantName: deps.merchantName,
        transactionId: fields.transactionId,
        amount: fields.amount,
      }),
      sessionToken,
      paymentMethod: fields.paymentMethod as PaymentMethod,
      language: languageOfAcceptLanguage(request.headers['accept-language']),
    });
    // The decision forms post here, then redirect to the merchant: browsers check the
    // redirect's target against form-action too. Recorded, not just posted: a re-post keeps
    // the first hand-off's returnUrl.
    const returnOrigin = httpOrigin(seen.payment.returnUrl);
    return sendPage(reply, 200, page, pageCsp(returnOrigin ? [returnOrigin] : []));
  };
}

/** The payer's decision, from the tab that opened the payment: the callback out, then back. */
function decisionDoor(deps: SandboxGatewayDeps) {
  const { store, sender, clock } = deps;
  return async (
    request: FastifyRequest<DecisionRoute>,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const { transactionId, decision } = request.params;
    const payment = store.find(transactionId);
    if (!payment) {
      return sendPage(reply, 404, renderErrorPage('Payment not found', 'Unknown payment.'));
    }
    const form = (request.body ?? {}) as Record<string, unknown>;
    const session = typeof form.session === 'string' ? form.session : '';
    const expected = Buffer.from(payment.sessionTokenHash, 'hex');
    if (!timingSafeEqual(sha256(session), expected)) {
      return sendPage(
        reply,
        403,
        renderErrorPage(
          'Not allowed',
          'This payment can only be decided in the tab that opened it.',
        ),
      );
    }
    const wanted = decision === 'approve' ? 'completed' : 'failed';
    if (!store.decide(transactionId, wanted, clock.now())) {
      const current = store.find(transactionId);
      if (current?.status !== wanted) {
        return sendPage(
          reply,
          409,
          renderErrorPage('Payment already decided', 'This payment already has another outcome.'),
        );
      }
      // A repeated click of the same button: deliver again only if never acknowledged.
      if (current.callbackAcknowledgedAt !== null) {
        return reply.redirect(payment.returnUrl, 303);
      }
    }
    await sender.deliver({
      transactionId,
      status: wanted,
      amount: payment.amount,
      callbackUrl: payment.callbackUrl,
    });
    return reply.redirect(payment.returnUrl, 303);
  };
}

/** The signed status of a payment, as the merchant's reconciliation asks for it. */
function statusDoor(deps: SandboxGatewayDeps) {
  const { signer, store, clock } = deps;
  return async (
    request: FastifyRequest<StatusRoute>,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const payment = store.find(request.params.transactionId);
    if (!payment) return reply.code(404).send({ error: 'not_found' });
    const message = {
      transactionId: payment.transactionId,
      status: payment.status,
      amount: payment.amount,
      timestamp: Math.floor(clock.now() / 1000),
    };
    return reply
      .header('Cache-Control', 'no-store')
      .send({ ...message, signature: signer.sign(gatewayOutcomeCanonical(message)) });
  };
}
