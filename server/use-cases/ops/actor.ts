import { OPS_REASON_MAX_LENGTH, OPS_REASON_MIN_LENGTH } from '../../../src/contract/ops-rules';
import { type OpsRole } from '../../../src/contract/ops-roles';
import { type AuditChanges, type AuditEntryInput } from '../../domain/ops/audit-chain';

/** Who acts: a signed-in operator (from an address), the command line, or the job scheduler. */
export type Actor =
  | { kind: 'operator'; id: string; name: string; role: OpsRole; address: string }
  | { kind: 'cli' }
  | { kind: 'scheduler' };

export const CLI = { kind: 'cli' } as const satisfies Actor;

/** The audit entry of an action by `actor` at `at`. */
export function entryOf(
  actor: Actor,
  at: Date,
  what: {
    action: string;
    targetType: AuditEntryInput['targetType'];
    targetId: string | null;
    reason?: string | null;
    changes?: AuditChanges | null;
  },
): AuditEntryInput {
  const who =
    actor.kind === 'operator'
      ? { actorId: actor.id, actorName: actor.name, actorRole: actor.role, address: actor.address }
      : { actorId: null, actorName: actor.kind, actorRole: null, address: null };
  return {
    at,
    ...who,
    action: what.action,
    targetType: what.targetType,
    targetId: what.targetId,
    reason: what.reason ?? null,
    changes: what.changes ?? null,
  };
}

/** A reason as an action keeps it: trimmed, 3 to 500 characters; null when it is not one. */
export function reasonOf(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const reason = text.trim();
  return reason.length >= OPS_REASON_MIN_LENGTH && reason.length <= OPS_REASON_MAX_LENGTH
    ? reason
    : null;
}
