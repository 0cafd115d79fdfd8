export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spend the same work as a real verify when there is no account, so a login for an unknown
   * IC/passport takes about as long as a wrong password.
   */
  verifyDummy(password: string): Promise<void>;
}
