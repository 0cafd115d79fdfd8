import { hash, verify } from '@node-rs/argon2';
import { type PasswordHasher } from '../../ports/password-hasher.port';

/**
 * argon2id with the OWASP minimum (19 MiB memory, 2 passes, 1 lane). @node-rs/argon2 defaults to
 * argon2id; its Algorithm enum is a `const enum`, which isolatedModules cannot import, so the
 * algorithm is left at that default and a test checks the `$argon2id$` prefix.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class Argon2PasswordHasher implements PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed login, not a crash.
      return false;
    }
  }

  async verifyDummy(password: string): Promise<void> {
    this.dummyHash ??= hash('dummy password for unknown accounts', OPTIONS);
    await this.verify(await this.dummyHash, password);
  }
}
