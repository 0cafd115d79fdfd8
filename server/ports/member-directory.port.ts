import { type Member } from '../domain/member';

/** A member as the console finds them (live members only; erased ones are nobody). */
export interface DirectoryMember extends Member {
  signInDisabledAt: Date | null;
}

export interface MemberDetailRecords {
  member: DirectoryMember;
  lastSignInAt: Date | null;
  sessions: { deviceLabel: string | null; createdAt: Date; lastSeenAt: Date }[];
  passkeys: { name: string; createdAt: Date }[];
  payments: {
    transactionId: string;
    /** Null until the payment completes (only a completed payment has a receipt). */
    receiptNumber: string | null;
    amountSen: number;
    status: string;
    createdAt: Date;
  }[];
}

/** What the console reads and switches about members, beside the member repository. */
export interface MemberDirectory {
  /** Exact phone or IC/passport (already normalised), or else a name prefix, case-insensitive. */
  search(
    query: { exact: string[]; namePrefix: string },
    page: { after?: { name: string; id: string }; limit: number },
  ): Promise<DirectoryMember[]>;
  /** The member's page: unrevoked sessions, passkeys, the latest payments; null for nobody. */
  detail(memberId: string, now: Date, paymentLimit: number): Promise<MemberDetailRecords | null>;
  /** Switches a live member's sign-in off (a time) or on (null); false for nobody. */
  setSignInDisabled(memberId: string, at: Date | null): Promise<boolean>;
}
