import { codedFailure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';
import type { ProfileUpdate } from '../model/profile';
import { err, ok, type Result } from '../../contract/result';
import type { ProfileFailure } from './get-profile.use-case';

/**
 * Changes one profile field (POST /user/profile/update). The payload is sent as given: the
 * ProfileUpdate type already guarantees exactly one field.
 */
export class UpdateProfileUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(change: ProfileUpdate): Promise<Result<void, ProfileFailure>> {
    const answer = await this.http.call('updateProfile', change);
    return answer.ok ? ok(undefined) : err(codedFailure(answer.error));
  }
}
