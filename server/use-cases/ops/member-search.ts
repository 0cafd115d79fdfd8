import { can } from '../../../src/contract/ops-roles';
import { normaliseIcOrPassport } from '../../../src/contract/rules';
import { maskIcOrPassport, maskName, maskPhone } from '../../domain/ops/masking';
import {
  characters,
  isNameText,
  MIN_NAME_PREFIX,
  NAME_SEARCH_ACTION,
  NAME_SEARCH_BUDGET,
  NAME_SEARCH_LIMIT_ACTION,
  NAME_SEARCH_WINDOW_MS,
} from '../../domain/ops/name-search-policy';
import { phoneFormsOf } from '../../domain/ops/phone-as-heard';
import { type SignedCursors } from '../../domain/ops/signed-cursor';
import { type Clock } from '../../ports/clock.port';
import { type DirectoryMember } from '../../ports/member-directory.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, rateLimited, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';

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

/** How a search reads its text: which name prefix it matches, and whether the budget applies. */
interface SearchPlan {
  text: string;
  namePrefix: string;
  /** A name search by a role that may not reveal: counted, audited, refused past the budget. */
  guarded: boolean;
}

/** Thrown inside the unit of work to undo a search past the budget (and its audit entry). */
class BudgetSpent extends Error {
  constructor(readonly leavesWindowAt: Date) {
    super('name search budget spent');
  }
}

/**
 * The console's member search: exact phone or IC/passport, or a name prefix; keyset pages over
 * (lower(name), id) whose cursor is the last member's id, signed for this search (SignedCursors):
 * the member's name, the keyset's other half, is read again from their row, never carried.
 *
 * An operator whose role may not reveal searches by name (text without digits) with at least
 * MIN_NAME_PREFIX characters, within NAME_SEARCH_BUDGET an hour; each such search is audited with
 * the text masked, and the first refusal in a window writes one more entry. Their text with a
 * digit is matched exactly only. The count is read from the audit log after the search's own
 * entry is appended: appends are serialised, so every instance counts the same entries.
 */
export class MemberSearch {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly cursors: SignedCursors,
  ) {}

  async search(
    actor: Actor,
    q: string,
    cursor?: string,
  ): Promise<Result<MemberPage, UseCaseError>> {
    const plan = planOf(actor, q);
    if (!plan.ok) return plan;
    const { text, namePrefix, guarded } = plan.value;
    const scope = `members:${namePrefix === '' ? 'exact' : 'name'}:${text}`;
    const afterId = cursor === undefined ? undefined : this.cursors.open(scope, cursor);
    if (afterId === null) {
      return failWith('VALIDATION_FAILED', { field: 'cursor', reason: 'cursor-invalid' });
    }
    const exact = [...new Set([...phoneFormsOf(text), normaliseIcOrPassport(text)])];
    const read = async ({ members, memberDirectory }: TransactionalStores) => {
      let after: { name: string; id: string } | undefined;
      if (afterId !== undefined) {
        // The last member shown was erased since: the pages end there.
        const last = await members.findById(afterId);
        if (last === null) return [];
        after = { name: last.name, id: last.id };
      }
      return memberDirectory.search({ exact, namePrefix }, { after, limit: PAGE_SIZE + 1 });
    };
    // A later page of a name search asks nothing new: its cursor opens for that search only.
    const found =
      guarded && afterId === undefined && actor.kind === 'operator'
        ? await this.budgeted(actor, text, read)
        : ok(await this.uow.run(read));
    if (!found.ok) return found;
    const page = found.value.slice(0, PAGE_SIZE);
    const last = page[page.length - 1];
    return ok({
      members: page.map(masked),
      nextCursor: found.value.length > PAGE_SIZE ? this.cursors.sign(scope, last.id) : null,
    });
  }

  /** The search, audited and counted with its entry; undone and refused past the budget. */
  private async budgeted(
    actor: Operator,
    text: string,
    read: (stores: TransactionalStores) => Promise<DirectoryMember[]>,
  ): Promise<Result<DirectoryMember[], UseCaseError>> {
    const now = new Date(this.clock.now());
    const windowStart = new Date(now.getTime() - NAME_SEARCH_WINDOW_MS);
    try {
      return ok(
        await this.uow.run(async (stores) => {
          const found = await read(stores);
          await stores.audit.append(searchEntry(actor, now, text, found));
          const counted = await stores.audit.list({
            actorId: actor.id,
            action: NAME_SEARCH_ACTION,
            from: windowStart,
            limit: NAME_SEARCH_BUDGET + 1,
          });
          if (counted.length > NAME_SEARCH_BUDGET) {
            throw new BudgetSpent(counted[NAME_SEARCH_BUDGET].at);
          }
          return found;
        }),
      );
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error;
      await this.noteSpent(actor, now, windowStart);
      return rateLimited('OPS_NAME_SEARCH_LIMIT', {
        since: error.leavesWindowAt,
        windowMs: NAME_SEARCH_WINDOW_MS,
        now,
      });
    }
  }

  /** The first refusal in a window leaves an entry of its own: probing shows in the log. */
  private async noteSpent(actor: Operator, now: Date, windowStart: Date): Promise<void> {
    await this.uow.run(async ({ audit }) => {
      const noted = await audit.list({
        actorId: actor.id,
        action: NAME_SEARCH_LIMIT_ACTION,
        from: windowStart,
        limit: 1,
      });
      if (noted.length > 0) return;
      await audit.append(
        entryOf(actor, now, {
          action: NAME_SEARCH_LIMIT_ACTION,
          targetType: null,
          targetId: null,
          changes: {
            name_searches: { before: null, after: NAME_SEARCH_BUDGET },
            window_minutes: { before: null, after: NAME_SEARCH_WINDOW_MS / 60_000 },
          },
        }),
      );
    });
  }
}

type Operator = Extract<Actor, { kind: 'operator' }>;

function planOf(actor: Actor, q: string): Result<SearchPlan, UseCaseError> {
  const text = q.trim();
  if (text.length < 2 || text.length > 100) {
    return failWith('VALIDATION_FAILED', { field: 'q', reason: 'search-text-length' });
  }
  if (actor.kind !== 'operator' || can(actor.role, 'members.reveal')) {
    return ok({ text, namePrefix: text, guarded: false });
  }
  if (!isNameText(text)) return ok({ text, namePrefix: '', guarded: false });
  if (characters(text) < MIN_NAME_PREFIX) {
    return failWith('OPS_SEARCH_TOO_SHORT', { field: 'q' });
  }
  return ok({ text, namePrefix: text, guarded: true });
}

/**
 * A name search's entry: the text masked as a name is (first letter, then its length), what it
 * found, and the member when it found exactly one. An auditor sees the same operator's texts grow
 * a letter at a time on the same member, without the log holding the name they spelt.
 */
function searchEntry(actor: Operator, at: Date, text: string, found: DirectoryMember[]) {
  const shown = Math.min(found.length, PAGE_SIZE);
  return entryOf(actor, at, {
    action: NAME_SEARCH_ACTION,
    targetType: 'member',
    targetId: found.length === 1 ? found[0].id : null,
    changes: {
      query: { before: null, after: maskName(text) },
      query_length: { before: null, after: characters(text) },
      found: { before: null, after: found.length > PAGE_SIZE ? `more than ${shown}` : shown },
    },
  });
}
