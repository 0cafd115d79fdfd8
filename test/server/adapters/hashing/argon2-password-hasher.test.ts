import { Argon2PasswordHasher } from '../../../../server/adapters/hashing/argon2-password-hasher.adapter';

describe('Argon2PasswordHasher', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id at the OWASP minimum and verifies', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'Correct horse battery')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'));
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
  });

  it('does the dummy work for unknown accounts without failing', async () => {
    await expect(hasher.verifyDummy('anything')).resolves.toBeUndefined();
  });
});
