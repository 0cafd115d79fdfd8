import { type ErasedMemberFields, type PersonalDataRecords } from '../domain/personal-data';

/** A member's data as a whole: read for their download, erased when they delete the account. */
export interface PersonalDataStore {
  /** What is kept about the member; null when there is no such member. */
  recordsOf(memberId: string): Promise<PersonalDataRecords | null>;
  /**
   * Erases the member's personal data where it is written (run it in a unit of work, after
   * revoking the sessions, so that all of it commits or none does):
   *  - the member row keeps its id and creation time; name, IC/passport, phone and password hash
   *    become `erased`'s fields;
   *  - their session rows (device labels), the SMS codes and code requests of their phone and the
   *    failed logins of their IC/passport are deleted;
   *  - their payments stay (the merchant's records), with the gateway messages about them reduced
   *    to their outcome: the message bodies, which may carry the payer's name or phone, are
   *    emptied.
   * False when there is no such member (nothing is changed).
   */
  erase(memberId: string, erased: ErasedMemberFields, now: Date): Promise<boolean>;
}
