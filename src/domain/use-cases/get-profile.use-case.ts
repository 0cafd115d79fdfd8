import { ApiPaths } from '../../contract/api';
import { HttpError, type HttpPort } from '../ports/http.port';
import { toProfile, type Profile, type ProfileDto } from '../model/profile';
import { err, ok, type Result } from '../result';

/** Why the profile could not be read: the server's message when it sent one. */
export interface ProfileFailure {
  serverMessage?: string;
}

/** Reads the logged-in member's profile (GET /user/profile/get). */
export class GetProfileUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(): Promise<Result<Profile, ProfileFailure>> {
    try {
      const response = await this.http.get<ProfileDto>(ApiPaths.profile);
      if (response.status !== 1 || !response.data) return err({ serverMessage: response.message });
      return ok(toProfile(response.data));
    } catch (error) {
      // No usable answer (network down, non-JSON): an expected failure, shown as the fallback toast.
      if (error instanceof HttpError) return err({});
      throw error;
    }
  }
}
