import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { type Random } from '../ports/random.port';

export class CryptoRandom implements Random {
  /** 32 random bytes (256 bits), base64url: 43 characters, safe in a header. */
  sessionToken(): string {
    return randomBytes(32).toString('base64url');
  }

  smsCode(): string {
    return randomInt(0, 1_000_000).toString().padStart(6, '0');
  }

  uuid(): string {
    return randomUUID();
  }
}
