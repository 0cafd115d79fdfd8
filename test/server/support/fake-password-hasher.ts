import { createHash } from 'node:crypto';
import { type PasswordHasher } from '../../../server/ports/password-hasher.port';

/**
 * A fast stand-in for argon2 in use-case and route tests: a salted-looking sha256, so a wrong
 * password still fails and the stored value is never the password itself. Counts dummy verifies,
 * so a test can see that an unknown account spent a verify too.
 */
export class FakePasswordHasher implements PasswordHasher {
  dummyVerifies = 0;

  async hash(password: string): Promise<string> {
    return `fake$${digest(password)}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return hash === `fake$${digest(password)}`;
  }

  async verifyDummy(): Promise<void> {
    this.dummyVerifies += 1;
  }
}

const digest = (password: string): string =>
  createHash('sha256').update(`test-salt:${password}`).digest('hex');
