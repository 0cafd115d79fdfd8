import type { ProfileDto } from '../../contract/api';

/**
 * The member's own profile as the profile screen shows it. A blank value is null here so the
 * screen can show 'N/A' for it.
 */
export interface Profile {
  name: string | null;
  phoneNo: string | null;
  icOrPassport: string | null;
  userId: string | null;
  /** ISO timestamp of account creation, as the server sent it. */
  createdAt: string | null;
}

const presentOrNull = (value: string | number | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
};

export const toProfile = (dto: ProfileDto): Profile => ({
  name: presentOrNull(dto.name),
  phoneNo: presentOrNull(dto.phone_no),
  icOrPassport: presentOrNull(dto.ic_or_passport),
  userId: presentOrNull(dto.user_id),
  createdAt: presentOrNull(dto.created_at),
});

/**
 * POST /user/profile/update takes exactly one of these fields. Each member of the union forbids
 * the other two, so a payload with two fields does not type-check.
 */
export type ProfileUpdate =
  | { name: string; phone_no?: never; password?: never }
  | { phone_no: string; name?: never; password?: never }
  | { password: string; name?: never; phone_no?: never };

/** Account creation as a Date, or null when missing or unreadable. */
export function memberSince(profile: Profile | null): Date | null {
  if (!profile?.createdAt) return null;
  const date = new Date(profile.createdAt);
  return Number.isNaN(date.getTime()) ? null : date;
}
