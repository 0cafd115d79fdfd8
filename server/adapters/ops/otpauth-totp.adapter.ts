import { Secret, TOTP } from 'otpauth';
import { type Totp } from '../../ports/totp.port';

const PERIOD_S = 30;

/** RFC 6238 through otpauth 9: 30 s steps, 6 digits, SHA-1, one step of drift either way. */
export class OtpauthTotp implements Totp {
  constructor(private readonly issuer: string) {}

  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  uri(secret: string, account: string): string {
    return this.totp(secret, account).toString();
  }

  stepOf(secret: string, code: string, nowMs: number): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const delta = this.totp(secret, '').validate({ token: code, timestamp: nowMs, window: 1 });
    if (delta === null) return null;
    return Math.floor(nowMs / 1000 / PERIOD_S) + delta;
  }

  private totp(secret: string, label: string): TOTP {
    return new TOTP({
      issuer: this.issuer,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_S,
      secret: Secret.fromBase32(secret),
    });
  }
}
