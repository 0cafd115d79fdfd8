import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import { type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { PAYMENT_METHODS } from '../../src/contract/rules';
import { HmacSha256PaymentSigner } from '../adapters/payments/hmac-sha256-payment-signer';
import { type Config } from '../config';
import { type ServerContainer } from '../container';
import { CANONICAL_AMOUNT_PATTERN } from '../../src/contract/money';
import { isTransactionId } from '../domain/transaction';
import {
  type HandOffFields,
  HAND_OFF_FIELD_ORDER,
  gatewayOutcomeCanonical,
  handOffCanonical,
} from '../../src/contract/sandbox-gateway';
import { SandboxCallbackSender } from './sandbox-callback-sender';
import { renderErrorPage, renderPaymentPage } from './sandbox-page';
import { SandboxPaymentStore } from './sandbox-payment-store';
import { qrDataUri } from './sandbox-qr';

const CSS = readFileSync(path.join(__dirname, 'public', 'sandbox.css'), 'utf8');
const MAX_FIELD_LENGTH = 2048;

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  // A payment page must never be served from a cache or shown again from history.
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The hand-off fields of a form POST, or the reason they are unusable. */
function readHandOff(body: unknown):
  | { ok: true; fields: HandOffFields; hashVal: string }
  | {
      ok: false;
      reason: string;
    } {
  if (typeof body !== 'object' || body === null) return { ok: false, reason: 'No form fields.' };
  const form = body as Record<string, unknown>;
  const text = (name: string): string | null => {
    const value = form[name];
    return typeof value === 'string' && value.length <= MAX_FIELD_LENGTH ? value : null;
  };
  const values: Partial<Record<keyof HandOffFields, string>> = {};
  for (const name of HAND_OFF_FIELD_ORDER) {
    const value = text(name);
    if (value === null) return { ok: false, reason: `Missing or invalid field: ${name}.` };
    values[name] = value;
  }
  const hashVal = text('hashVal');
  if (hashVal === null) return { ok: false, reason: 'Missing field: hashVal.' };
  const fields = values as HandOffFields;
  if (!isTransactionId(fields.transactionId))
    return { ok: false, reason: 'Invalid transactionId.' };
  if (!CANONICAL_AMOUNT_PATTERN.test(fields.amount))
    return { ok: false, reason: 'Invalid amount.' };
  if (!(PAYMENT_METHODS as readonly string[]).includes(fields.paymentMethod)) {
    return { ok: false, reason: 'Unsupported payment method.' };
  }
  if (!isHttpUrl(fields.returnUrl) || !isHttpUrl(fields.callbackUrl)) {
    return { ok: false, reason: 'Invalid returnUrl or callbackUrl.' };
  }
  return { ok: true, fields, hashVal };
}

/**
 * The sandbox hosted payment gateway (development and test only), mounted at /sandbox-gateway.
 * It behaves like an external gateway: it holds the shared secret itself, keeps its own books
 * (sandbox_payments) and reaches the API only through the signed callback; the API reaches it
 * only through the signed status endpoint. Swapping in a real gateway touches none of the API.
 */
export function sandboxGatewayPlugin(
  container: ServerContainer,
  config: Config,
): FastifyPluginAsync {
  return async (app) => {
    // Scoped to this plugin: the API itself accepts JSON only.
    await app.register(fastifyFormbody);

    const signer = new HmacSha256PaymentSigner(config.gatewaySecret);
    const store = new SandboxPaymentStore(container.db);
    const clock = container.clock;
    const sender = new SandboxCallbackSender(store, signer, clock, (context, message) =>
      app.log.warn(context, message),
    );
    app.addHook('onClose', async () => sender.close());

    app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'sandbox gateway failed');
      if (request.url.startsWith('/sandbox-gateway/status')) {
        return reply.code(status).send({ error: status === 500 ? 'internal' : 'bad_request' });
      }
      return sendPage(
        reply,
        status,
        renderErrorPage(
          'Payment unavailable',
          status === 500 ? 'Something went wrong.' : 'Bad request.',
        ),
      );
    });

    app.get('/sandbox.css', async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(CSS),
    );

    app.post('/pay', async (request, reply) => {
      const handOff = readHandOff(request.body);
      if (!handOff.ok) {
        return sendPage(reply, 400, renderErrorPage('Payment request rejected', handOff.reason));
      }
      const { fields, hashVal } = handOff;
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
      if (fields.clientId !== config.gatewayClientId) {
        return sendPage(
          reply,
          400,
          renderErrorPage('Payment request rejected', 'Unknown merchant.'),
        );
      }

      const sessionToken = randomBytes(32).toString('base64url');
      const seen = await store.recordHandOff(
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
        merchantName: config.merchantName,
        transactionId: fields.transactionId,
        amount: fields.amount,
        qrDataUri: await qrDataUri({
          merchantName: config.merchantName,
          transactionId: fields.transactionId,
          amount: fields.amount,
        }),
        sessionToken,
      });
      return sendPage(reply, 200, page);
    });

    app.post<{ Params: { transactionId: string; decision: 'approve' | 'decline' } }>(
      '/pay/:transactionId/:decision',
      {
        schema: {
          params: {
            type: 'object',
            properties: {
              transactionId: { type: 'string', maxLength: 64 },
              decision: { type: 'string', enum: ['approve', 'decline'] },
            },
          },
        },
      },
      async (request, reply) => {
        const { transactionId, decision } = request.params;
        const payment = isTransactionId(transactionId) ? await store.find(transactionId) : null;
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
        const changed = await store.decide(transactionId, wanted, clock.now());
        if (!changed) {
          const current = await store.find(transactionId);
          if (current?.status !== wanted) {
            return sendPage(
              reply,
              409,
              renderErrorPage(
                'Payment already decided',
                'This payment already has another outcome.',
              ),
            );
          }
          // A repeated click of the same button: deliver again only if never acknowledged.
          if (current.callbackAcknowledgedAt !== null)
            return reply.redirect(payment.returnUrl, 303);
        }
        await sender.deliver({
          transactionId,
          status: wanted,
          amount: payment.amount,
          callbackUrl: payment.callbackUrl,
        });
        return reply.redirect(payment.returnUrl, 303);
      },
    );

    app.get<{ Params: { transactionId: string } }>(
      '/status/:transactionId',
      {
        schema: {
          params: {
            type: 'object',
            properties: { transactionId: { type: 'string', maxLength: 64 } },
          },
        },
      },
      async (request, reply) => {
        const { transactionId } = request.params;
        const payment = isTransactionId(transactionId) ? await store.find(transactionId) : null;
        if (!payment) return reply.code(404).send({ error: 'not_found' });
        const message = {
          transactionId,
          status: payment.status,
          amount: payment.amount,
          timestamp: Math.floor(clock.now().getTime() / 1000),
        };
        return reply
          .header('Cache-Control', 'no-store')
          .send({ ...message, signature: signer.sign(gatewayOutcomeCanonical(message)) });
      },
    );
  };
}
