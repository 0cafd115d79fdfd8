import { normaliseIcOrPassport, normalisePhone } from '../../../src/contract/rules';
import { maskIcOrPassport, maskName, maskPhone } from '../../domain/ops/masking';
import { type SignedCursors } from '../../domain/ops/signed-cursor';
import { type DirectoryMember } from '../../ports/member-directory.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';

const PAGE_SIZE = 20;

/** A member as support sees them until a reveal: name, phone and IC/passport masked. */
export interface MaskedMember {
  id: string;
  name: string;
  phoneNo: string;
  icOrPassport: string;
  createdAt: Date;
  signInDisabled: boolean;
}

export interface MemberPage {
  members: MaskedMember[];
  nextCursor: string | null;
}

export const masked = (member: DirectoryMember): MaskedMember => ({
  id: member.id,
  name: maskName(member.name),
  phoneNo: maskPhone(member.phoneNo),
  icOrPassport: maskIcOrPassport(member.icOrPassport),
  createdAt: member.createdAt,
  signInDisabled: member.signInDisabledAt !== null,
});

/**
 * The console's member search: exact phone or IC/passport, or a name prefix; keyset pages over
 * (lower(name), id) whose cursor is the last member's id, signed for this search (SignedCursors):
 * the member's name, the keyset's other half, is read again from their row, never carried.
 */
export class MemberSearch {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cursors: SignedCursors,
  ) {}

  async search(q: string, cursor?: string): Promise<Result<MemberPage, UseCaseError>> {
    const text = q.trim();
    if (text.length < 2 || text.length > 100) {
      return failWith('VALIDATION_FAILED', { field: 'q', reason: 'search-text-length' });
    }
    const scope = `members:${text}`;
    const afterId = cursor === undefined ? undefined : this.cursors.open(scope, cursor);
    if (afterId === null) {
      return failWith('VALIDATION_FAILED', { field: 'cursor', reason: 'cursor-invalid' });
    }
    const exact = [...new Set([normalisePhone(text), normaliseIcOrPassport(text)])];
    const found = await this.uow.run(async ({ members, memberDirectory }) => {
      let after: { name: string; id: string } | undefined;
      if (afterId !== undefined) {
        // The last member shown was erased since: the pages end there.
        const last = await members.findById(afterId);
        if (last === null) return [];
        after = { name: last.name, id: last.id };
      }
      return memberDirectory.search({ exact, namePrefix: text }, { after, limit: PAGE_SIZE + 1 });
    });
    const page = found.slice(0, PAGE_SIZE);
    const last = page[page.length - 1];
    return ok({
      members: page.map(masked),
      nextCursor: found.length > PAGE_SIZE ? this.cursors.sign(scope, last.id) : null,
    });
  }
}
