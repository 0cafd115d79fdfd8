import { Expose, plainToInstance, Transform } from 'class-transformer';
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

/** A wire field the screen shows, blank as null. */
const Shown = (wireName?: string): PropertyDecorator => {
  const expose = Expose(wireName === undefined ? {} : { name: wireName });
  const present = Transform(({ value }: { value: unknown }) =>
    presentOrNull(value as string | number | null | undefined),
  );
  return (target, key) => {
    present(target, key);
    expose(target, key);
  };
};

/**
 * The profile answer as a class: which wire fields it reads (snake_case on the wire) and how,
 * declared once; plainToInstance drops anything else the server sends.
 */
class ProfileAnswer implements Profile {
  @Shown() name: string | null = null;
  @Shown('phone_no') phoneNo: string | null = null;
  @Shown('ic_or_passport') icOrPassport: string | null = null;
  @Shown('user_id') userId: string | null = null;
  @Shown('created_at') createdAt: string | null = null;
}

/** The answer of GET /user/profile/get as the screen's plain Profile (MobX observes it deeply). */
export const toProfile = (dto: ProfileDto): Profile => ({
  ...plainToInstance(ProfileAnswer, dto, { excludeExtraneousValues: true }),
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
