import { inMemoryStoresOver } from '../../../server/adapters/in-memory/in-memory-stores';
import { InMemoryTables } from '../../../server/adapters/in-memory/in-memory-tables';
import { type Member } from '../../../server/domain/member';

/** Every in-memory store over one fresh set of tables, for building use cases with `new`. */
export function inMemoryStores() {
  const tables = new InMemoryTables();
  return { tables, ...inMemoryStoresOver(tables) };
}

let sequence = 0;

/** A member row with unique id, IC and phone; override any field. */
export function aMemberRow(overrides: Partial<Member> = {}): Member {
  sequence += 1;
  const n = String(sequence).padStart(8, '0');
  const at = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));
  return {
    id: `00000000-0000-4000-8000-${n.padStart(12, '0')}`,
    name: 'Aisyah Rahman',
    nationality: 'Malaysian',
    icOrPassport: `9001${n}`,
    phoneNo: `6012${n}`,
    passwordHash: 'stored-hash',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
