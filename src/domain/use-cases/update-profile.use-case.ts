import { ApiPaths } from '../../contract/api';
import { HttpError, type HttpPort } from '../ports/http.port';
import type { ProfileUpdate } from '../model/profile';
import { err, ok, type Result } from '../result';
import type { ProfileFailure } from './get-profile.use-case';

/**
 * Changes one profile field (POST /user/profile/update). The payload is sent as given: the
 * ProfileUpdate type already guarantees exactly one field.
 */
export class UpdateProfileUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(change: ProfileUpdate): Promise<Result<void, ProfileFailure>> {
    try {
      const response = await this.http.post<unknown>(ApiPaths.updateProfile, change);
      if (response.status !== 1) return err({ serverMessage: response.message });
      return ok(undefined);
    } catch (error) {
      if (error instanceof HttpError) return err({});
      throw error;
    }
  }
}
