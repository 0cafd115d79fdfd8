/** RFC 6238 one-time codes: 30 s steps, 6 digits, SHA-1 (what authenticator apps expect). */
export interface Totp {
  /** A new random secret, base32. */
  newSecret(): string;
  /** The otpauth:// URI an authenticator app reads (as a QR code or typed). */
  uri(secret: string, account: string): string;
  /** The time step the code belongs to, within one step of `nowMs` either way; null if none. */
  stepOf(secret: string, code: string, nowMs: number): number | null;
}
