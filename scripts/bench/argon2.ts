import { Argon2PasswordHasher } from '../../server/adapters/hashing/argon2-password-hasher.adapter';
import { PASSWORD, type Row } from './settings';

/** argon2id verifications per second, one at a time for 3 s: one core's worth. */
export async function argon2PerCore(rows: Row[]): Promise<void> {
  const hasher = new Argon2PasswordHasher();
  const hash = await hasher.hash(PASSWORD);
  let count = 0;
  const endAt = performance.now() + 3000;
  // One verification at a time: one core's worth.
  while (performance.now() < endAt) {
    await hasher.verify(hash, PASSWORD);
    count++;
  }
  rows.push({
    name: 'argon2id verify, one core',
    cells: { pglite: `${(count / 3).toFixed(1)}/s` },
    target: '(no target)',
  });
}
