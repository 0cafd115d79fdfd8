import { ApiPaths } from '../../contract/api';
import { HttpError, isTransientFailure, type HttpPort } from '../ports/http.port';
import { toProfile, type Profile, type ProfileDto } from '../model/profile';
import type { QueryAttempt, QueryCache } from '../query-cache';
import type { Result } from '../result';

/** Why the profile could not be read: the server's message when it sent one. */
export interface ProfileFailure {
  serverMessage?: string;
}

/** The cache key of the member's profile. */
export const PROFILE_QUERY_KEY = 'profile';

/** Reads the logged-in member's profile (GET /user/profile/get) through the data cache. */
export class GetProfileUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly cache: QueryCache,
  ) {}

  execute(): Promise<Result<Profile, ProfileFailure>> {
    return this.cache.fetch(PROFILE_QUERY_KEY, () => this.read());
  }

  /** The profile last read, if the cache still holds it (shown while a fresh read is out). */
  cached(): Profile | undefined {
    return this.cache.peek<Profile>(PROFILE_QUERY_KEY);
  }

  /** Nobody waits for the profile any more: drop its pending retry, if any. */
  cancel(): void {
    this.cache.cancel(PROFILE_QUERY_KEY);
  }

  private async read(): Promise<QueryAttempt<Profile, ProfileFailure>> {
    try {
      const response = await this.http.get<ProfileDto>(ApiPaths.profile);
      if (response.status !== 1 || !response.data) {
        const failure = { serverMessage: response.message };
        return { ok: false, error: { failure, retryable: isTransientFailure(response) } };
      }
      return { ok: true, value: toProfile(response.data) };
    } catch (error) {
      // No usable answer (network down, non-JSON): an expected failure, shown as the fallback toast.
      if (error instanceof HttpError) {
        return { ok: false, error: { failure: {}, retryable: isTransientFailure(error) } };
      }
      throw error;
    }
  }
}
