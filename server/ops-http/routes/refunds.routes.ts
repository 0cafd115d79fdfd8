import { TRANSFER_REFERENCE_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { ApiError, valueOrThrow } from '../../http/errors';
import { authenticationCredential } from '../../http/routes/passkeys.routes';
import { objectBody } from '../../http/routes/schemas';
import { type RefundStepBy } from '../../use-cases/ops/refund-steps';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { passkeyOptionsAnswer } from './ops-answers';
import { refundAnswer, stepUpAnswer } from './ops-payment-answers';
import { opsRoute } from './ops-route';
import { DAY_SCHEMA, PAYMENT_PARAMS } from './payments.routes';
import { refundDto } from './payment-wire';
import { SIGN_IN_TAGS, TOTP_CODE } from './sign-in-fields';

const TAGS = ['Refunds'];
/** Its form and range are the use case's to check, with their own words. */
const REFUND_AMOUNT = { type: 'string', minLength: 1, maxLength: 20 } as const;

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
  const deciding = { preHandler: allowed(app, container, 'refunds.approve', 30) };
  const byId = { tags: TAGS, params: ID_PARAMS, data: refundAnswer, options: deciding };

  opsRoute(
    app,
    'requestRefund',
    {
      summary: 'Ask for a refund of a payment; another operator decides it',
      tags: TAGS,
      params: PAYMENT_PARAMS,
      body: objectBody({ amount: REFUND_AMOUNT, reason: REASON_SCHEMA }),
      data: refundAnswer,
      options: { preHandler: allowed(app, container, 'refunds.request', 20) },
    },
    async (request) => {
      const { amount, reason } = request.body;
      const asked = await refunds.request(stepBy(request), request.params.id, { amount, reason });
      return success('Refund requested.', refundDto(valueOrThrow(asked)));
    },
  );

  for (const [endpoint, approve] of [
    ['approveRefund', true],
    ['rejectRefund', false],
  ] as const) {
    opsRoute(
      app,
      endpoint,
      {
        ...byId,
        summary: approve ? 'Approve another operator’s refund' : 'Reject a refund',
        body: objectBody({ reason: REASON_SCHEMA }),
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

  opsRoute(
    app,
    'retryRefund',
    { ...byId, summary: 'Send a failed refund to the gateway again', body: objectBody({}) },
    async (request) => {
      const sent = await refunds.retry(stepBy(request), request.params.id);
      return success('Refund sent again.', refundDto(valueOrThrow(sent)));
    },
  );

  opsRoute(
    app,
    'closeRefund',
    {
      ...byId,
      summary: 'Close a manual refund with its bank transfer',
      body: objectBody({
        reference: { type: 'string', minLength: 1, maxLength: TRANSFER_REFERENCE_MAX_LENGTH },
        transfer_date: DAY_SCHEMA,
      }),
    },
    async (request) => {
      const { reference, transfer_date: transferDate } = request.body;
      const closing = { reference, transferDate };
      const closed = await refunds.close(stepBy(request), request.params.id, closing);
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

  opsRoute(
    app,
    'stepUpPasskeyOptions',
    {
      summary: 'A passkey’s request options, to give the second factor again',
      tags: SIGN_IN_TAGS,
      body: objectBody({}),
      data: passkeyOptionsAnswer,
      options: { preHandler: allowed(app, container, null, 10) },
    },
    async (request) => success('OK', valueOrThrow(await stepUp.passkeyOptions(signedIn(request)))),
  );

  opsRoute(
    app,
    'stepUp',
    {
      summary: 'Give the second factor again: a code or a passkey’s answer',
      tags: SIGN_IN_TAGS,
      body: {
        oneOf: [
          objectBody({ totp_code: TOTP_CODE }),
          objectBody({ credential: authenticationCredential }),
        ],
      },
      data: stepUpAnswer,
      options: { preHandler: allowed(app, container, null, 10) },
    },
    async (request) => {
      const { totp_code: code, credential } = request.body;
      const who = signedIn(request);
      const done =
        credential !== undefined
          ? await stepUp.withPasskey(who, credential, request.ip)
          : await stepUp.withTotp(who, code ?? '', request.ip);
      const { stepUpUntil } = valueOrThrow(done);
      return success('Second factor given.', { step_up_until: stepUpUntil.toISOString() });
    },
  );
}
