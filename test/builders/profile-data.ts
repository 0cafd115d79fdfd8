import type { ProfileDto } from '../../src/contract/api';

/** A member's profile as GET /user/profile/get answers it (snake_case, as on the wire). */
export const profileData: ProfileDto = {
  name: 'Aminah binti Ali',
  phone_no: '60123456789',
  ic_or_passport: '900101145678',
  user_id: 'u-42',
  created_at: '2025-03-14T08:00:00.000Z',
};
