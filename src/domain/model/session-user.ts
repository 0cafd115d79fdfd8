/** The logged-in member as the session knows them (the spec). */
export interface SessionUser {
  userId: string;
  name: string;
  phoneNo: string;
}

/** The wire shape of the server's user data. */
export interface SessionUserDto {
  user_id: string;
  name: string;
  phone_no: string;
}

export const toSessionUser = (dto: SessionUserDto): SessionUser => ({
  userId: dto.user_id,
  name: dto.name,
  phoneNo: dto.phone_no,
});
