import { type PasskeyDto } from '../../src/contract/passkeys';
import { type PasskeyRecord } from '../domain/passkey';

/** Where the relying party's name and PUBLIC_URL come from (read per use). */
export interface RelyingPartyConfig {
  name(): string;
  publicUrl(): string;
}

/** Refused WebAuthn answers are logged (without any key or credential material). */
export type PasskeyLog = (message: string) => void;

/** The challenge a browser's clientDataJSON (base64url JSON) answers; undefined when unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return undefined;
    const { challenge } = data;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export function toPasskeyDto(passkey: PasskeyRecord): PasskeyDto {
  return {
    passkey_id: passkey.id,
    name: passkey.name,
    created_at: passkey.createdAt.toISOString(),
    last_used_at: passkey.lastUsedAt === null ? null : passkey.lastUsedAt.toISOString(),
  };
}
