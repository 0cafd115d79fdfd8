import { type FastifyReply } from 'fastify';
import { type OpsSessionResponse } from '../../src/contract/ops-api';
import { permissionsOf } from '../../src/contract/ops-roles';
import { stepUpUntil } from '../domain/ops/refund';
import { type OperatorSignedIn } from '../use-cases/ops/operator-auth.use-case';

/** A signed-in operator as the console reads them: who, what they may do, when it ends. */
export function sessionAnswer(signedIn: OperatorSignedIn, csrfToken: string): OpsSessionResponse {
  const { operator, ends, session } = signedIn;
  return {
    operator: { id: operator.id, name: operator.name, email: operator.email, role: operator.role },
    permissions: permissionsOf(operator.role),
    csrf_token: csrfToken,
    idle_expires_at: ends.idle.toISOString(),
    expires_at: ends.absolute.toISOString(),
    step_up_until: stepUpUntil(session.secondFactorAt).toISOString(),
  };
}

/** Sets a new session's cookie: HttpOnly, SameSite=Strict, Secure behind https. */
export type SessionCookie = (reply: FastifyReply, token: string) => FastifyReply;
