/** Randomness through a port: session tokens, SMS codes and ids. Production uses a CSPRNG. */
export interface Random {
  /** An opaque bearer token of at least 128 bits. */
  sessionToken(): string;
  /** A 6-digit SMS code. */
  smsCode(): string;
  uuid(): string;
}
