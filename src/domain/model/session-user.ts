import type { SessionUserDto } from '../../contract/api';

/** The logged-in member as the session knows them: who they are and their phone number. */
export interface SessionUser {
  userId: string;
  name: string;
  phoneNo: string;
}

export const toSessionUser = (dto: SessionUserDto): SessionUser => ({
  userId: dto.user_id,
  name: dto.name,
  phoneNo: dto.phone_no,
});
