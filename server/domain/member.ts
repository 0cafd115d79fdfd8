import { type Nationality } from '../../src/contract/rules';

export interface Member {
  id: string;
  name: string;
  nationality: Nationality;
  /** Stored trimmed and upper-cased (normaliseIcOrPassport). */
  icOrPassport: string;
  /** Digits only, country code included (normalisePhone). */
  phoneNo: string;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What a member may see about themselves: never the password hash. */
export interface MemberProfile {
  user_id: string;
  name: string;
  phone_no: string;
  ic_or_passport: string;
  created_at: string;
}

export function toProfile(member: Member): MemberProfile {
  return {
    user_id: member.id,
    name: member.name,
    phone_no: member.phoneNo,
    ic_or_passport: member.icOrPassport,
    created_at: member.createdAt.toISOString(),
  };
}

/** Which unique field a registration or phone change collided with. */
export type MemberConflict = 'phone_no' | 'ic_or_passport';
