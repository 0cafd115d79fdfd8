import { type AuditEntry } from '../../domain/ops/audit-chain';
import { maskName } from '../../domain/ops/masking';
import { type PaymentDirectory } from '../../ports/payment-directory.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';

/** Readable names of a page's targets, by `${target_type}:${target_id}`; absent when none. */
export type TargetLabels = Record<string, string>;

export const targetKey = (type: string, id: string): string => `${type}:${id}`;

/**
 * What the audit page shows for an entry's target beside its id: the operator's name, the
 * member's name masked as every console list shows it (erased members are nobody: no label), the
 * payment's receipt number. Read when the page is read, never written into the entries: the
 * chain's entries keep ids only, so a rename or an erasure changes no hash.
 */
export class AuditTargets {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly payments?: PaymentDirectory,
  ) {}

  async labelsOf(entries: readonly AuditEntry[]): Promise<TargetLabels> {
    const wanted = new Map<string, { type: string; id: string }>();
    for (const { targetType: type, targetId: id } of entries) {
      if (type !== null && id !== null) wanted.set(targetKey(type, id), { type, id });
    }
    const labels: TargetLabels = {};
    if (wanted.size === 0) return labels;
    await this.uow.run(async ({ operators, members }) => {
      for (const [key, { type, id }] of wanted) {
        const label = await this.labelOf(type, id, { operators, members });
        if (label !== null) labels[key] = label;
      }
    });
    return labels;
  }

  private async labelOf(
    type: string,
    id: string,
    stores: Pick<TransactionalStores, 'operators' | 'members'>,
  ): Promise<string | null> {
    // Ids that are not UUIDs (a checkpoint's count) name nothing to look up.
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    if (type === 'operator' && uuid) return (await stores.operators.findById(id))?.name ?? null;
    if (type === 'member' && uuid) {
      const member = await stores.members.findById(id);
      return member === null ? null : maskName(member.name);
    }
    if (type === 'payment' && this.payments !== undefined) {
      return (await this.payments.byId(id))?.receiptNumber ?? null;
    }
    return null;
  }
}
