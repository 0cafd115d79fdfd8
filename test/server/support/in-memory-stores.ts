import { inMemoryStoresOver } from '../../../server/adapters/in-memory/in-memory-stores';
import { InMemoryTables } from '../../../server/adapters/in-memory/in-memory-tables';
import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import { type ServerStores } from '../../../server/container';
import { type Member } from '../../../server/domain/member';
import { type Clock } from '../../../server/ports/clock.port';
import { type PasswordHasher } from '../../../server/ports/password-hasher.port';
import { type Random } from '../../../server/ports/random.port';
import { LoginUseCase } from '../../../server/use-cases/login.use-case';

/** Every in-memory store over one fresh set of tables, for building use cases with `new`. */
export function inMemoryStores() {
  const tables = new InMemoryTables();
  return { tables, ...inMemoryStoresOver(tables) };
}

/** The login use case over these stores; session tokens come from a real random source. */
export function loginOver(
  stores: Pick<ServerStores, 'members' | 'loginFailures' | 'unitOfWork'>,
  deps: { hasher: PasswordHasher; clock: Clock; maxFailures: number; random?: Random },
): LoginUseCase {
  return new LoginUseCase(
    stores.members,
    stores.loginFailures,
    stores.unitOfWork,
    deps.hasher,
    deps.clock,
    deps.random ?? new CryptoRandom(),
    deps.maxFailures,
  );
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
