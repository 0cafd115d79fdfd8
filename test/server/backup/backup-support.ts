import { type ServerContainer } from '../../../server/container';
import { normaliseIcOrPassport } from '../../../src/contract/rules';
import { CLI } from '../../../server/use-cases/ops/actor';
import { aMember } from '../support/members';

/** Members stored straight through the repository (the SMS round trip is not what is tested). */
export async function storeMembers(container: ServerContainer, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const member = aMember();
    const now = new Date();
    const id = container.random.uuid();
    const inserted = await container.members.insert({
      id,
      name: member.name,
      nationality: member.nationality,
      icOrPassport: normaliseIcOrPassport(member.ic_or_passport),
      phoneNo: member.phone_no,
      passwordHash: 'not-a-real-hash',
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted.ok) throw new Error(`member not stored: ${inserted.conflict}`);
    ids.push(id);
  }
  return ids;
}

/** Audit entries (operators created by the command line) and a signed checkpoint over them. */
export async function auditedOperators(container: ServerContainer, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const created = await container.manageOperators.create(CLI, {
      name: `Operator ${i}`,
      email: `op${i}-${container.random.uuid().slice(0, 8)}@ops.test`,
      role: 'viewer',
    });
    if (!created.ok) throw new Error('operator not created');
  }
  await container.auditTrail.checkpoint(CLI);
}
