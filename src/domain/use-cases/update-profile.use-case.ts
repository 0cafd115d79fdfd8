import { codedFailure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import type { ProfileUpdate } from '../model/profile';
import type { SessionUser } from '../model/session-user';
import { err, ok, type Result } from '../../contract/result';
import type { ProfileFailure } from './get-profile.use-case';

/** What a saved change tells the member's session (WatchSessionUseCase). */
export interface SessionUserChanges {
  userChanged(change: Partial<Pick<SessionUser, 'name' | 'phoneNo'>>): void;
}

/**
 * Changes one profile field (POST /user/profile/update). The payload is sent as given: the
 * ProfileUpdate type already guarantees exactly one field. A saved name or phone number is the
 * session's at once, so every screen (the home greeting) says the new one without waiting for
 * the next session check.
 */
export class UpdateProfileUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly session?: SessionUserChanges,
  ) {}

  async execute(change: ProfileUpdate): Promise<Result<void, ProfileFailure>> {
    const answer = await this.http.call('updateProfile', change);
    if (!answer.ok) return err(codedFailure(answer.error));
    if (change.name !== undefined) this.session?.userChanged({ name: change.name });
    if (change.phone_no !== undefined) this.session?.userChanged({ phoneNo: change.phone_no });
    return ok(undefined);
  }
}
