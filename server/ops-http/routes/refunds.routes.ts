import { TRANSFER_REFERENCE_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  OpsPaymentPaths,
  type RefundCloseBody,
  type RefundDecisionBody,
  type RefundRequestBody,
  type StepUpRequest,
  type StepUpResponse,
} from '../../../src/contract/ops-payments-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { ApiError, valueOrThrow } from '../../http/errors';
import { authenticationCredential } from '../../http/routes/passkeys.routes';
import { type RefundStepBy } from '../../use-cases/ops/refund-steps';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { refundDto } from './payment-wire';

const body = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties,
});

const PAYMENT_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^TXN[A-Z2-7]{24}$' } },
} as const;

type ById<B> = { Params: { id: string }; Body: B };

/** The operator taking a refund step, with when their session last gave its second factor. */
function stepBy(request: FastifyRequest): RefundStepBy {
  const actor = actorOf(request);
  const signedIn = request.operator;
  if (signedIn === undefined || actor.kind !== 'operator') throw new ApiError('AUTH_REQUIRED');
  return { actor, secondFactorAt: signedIn.session.secondFactorAt };
}

/**
 * Refunds: a finance operator asks for one, another finance or admin operator approves or
 * rejects it, sends it again or closes a manual one; every step asks for the second factor again
 * after five minutes (OPS_STEP_UP_REQUIRED), which the step-up routes take.
 */
export function opsRefundRoutes(app: FastifyInstance, container: ServerContainer): void {
  const refunds = container.refundActions;
  const refund = (action: string) => `${OpsPaymentPaths.refund}/:id/${action}`;
  const deciding = allowed(app, container, 'refunds.approve', 30);

  app.post<ById<RefundRequestBody>>(
    `${OpsPaymentPaths.payment}/:id/${OpsPaymentPaths.refundsSuffix}`,
    {
      preHandler: allowed(app, container, 'refunds.request', 20),
      schema: {
        params: PAYMENT_PARAMS,
        body: body({
          amount: { type: 'string', minLength: 1, maxLength: 20 },
          reason: REASON_SCHEMA,
        }),
      },
    },
    async (request) => {
      const { amount, reason } = request.body;
      const asked = await refunds.request(stepBy(request), request.params.id, { amount, reason });
      return success('Refund requested.', refundDto(valueOrThrow(asked)));
    },
  );

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post<ById<RefundDecisionBody>>(
      refund(action),
      {
        preHandler: deciding,
        schema: { params: ID_PARAMS, body: body({ reason: REASON_SCHEMA }) },
      },
      async (request) => {
        const { id } = request.params;
        const by = stepBy(request);
        const decided = approve
          ? await refunds.approve(by, id, request.body.reason)
          : await refunds.reject(by, id, request.body.reason);
        const said = approve ? 'Refund approved.' : 'Refund rejected.';
        return success(said, refundDto(valueOrThrow(decided)));
      },
    );
  }

  app.post<ById<Record<string, never>>>(
    refund('retry'),
    { preHandler: deciding, schema: { params: ID_PARAMS, body: body({}) } },
    async (request) =>
      success(
        'Refund sent again.',
        refundDto(valueOrThrow(await refunds.retry(stepBy(request), request.params.id))),
      ),
  );

  app.post<ById<RefundCloseBody>>(
    refund('close'),
    {
      preHandler: deciding,
      schema: {
        params: ID_PARAMS,
        body: body({
          reference: { type: 'string', minLength: 1, maxLength: TRANSFER_REFERENCE_MAX_LENGTH },
          transfer_date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
        }),
      },
    },
    async (request) => {
      const { reference, transfer_date: transferDate } = request.body;
      const closed = await refunds.close(stepBy(request), request.params.id, {
        reference,
        transferDate,
      });
      return success('Refund closed.', refundDto(valueOrThrow(closed)));
    },
  );

  opsStepUpRoutes(app, container);
}

/** The second factor again, for any signed-in operator: a TOTP code or a passkey's answer. */
function opsStepUpRoutes(app: FastifyInstance, container: ServerContainer): void {
  const stepUp = container.stepUp;
  const signedIn = (request: FastifyRequest) => {
    if (request.operator === undefined) throw new ApiError('AUTH_REQUIRED');
    return request.operator;
  };

  app.post(
    OpsPaymentPaths.stepUpPasskeyOptions,
    { preHandler: allowed(app, container, null, 10), schema: { body: body({}) } },
    async (request) => success('OK', valueOrThrow(await stepUp.passkeyOptions(signedIn(request)))),
  );

  app.post<{ Body: StepUpRequest }>(
    OpsPaymentPaths.stepUp,
    {
      preHandler: allowed(app, container, null, 10),
      schema: {
        body: {
          oneOf: [
            body({ totp_code: { type: 'string', pattern: '^[0-9]{6}$' } }),
            body({ credential: authenticationCredential }),
          ],
        },
      },
    },
    async (request) => {
      const { totp_code: code, credential } = request.body;
      const who = signedIn(request);
      const done =
        credential !== undefined
          ? await stepUp.withPasskey(who, credential, request.ip)
          : await stepUp.withTotp(who, code ?? '', request.ip);
      const { stepUpUntil } = valueOrThrow(done);
      const answer: StepUpResponse = { step_up_until: stepUpUntil.toISOString() };
      return success('Second factor given.', answer);
    },
  );
}
