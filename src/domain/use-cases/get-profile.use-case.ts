import { isTransientFailure, type HttpPort } from '../ports/http.port';
import { codedFailure, type CodedFailure } from '../model/failure';
import { toProfile, type Profile } from '../model/profile';
import type { QueryAttempt, QueryCache } from '../query-cache';
import type { Result } from '../../contract/result';

/** Why the profile could not be read or changed: the failure's code (the screen picks the text). */
export type ProfileFailure = CodedFailure;

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
    const answer = await this.http.call('profile', undefined);
    if (!answer.ok) {
      const failure = codedFailure(answer.error);
      return { ok: false, error: { failure, retryable: isTransientFailure(answer.error) } };
    }
    // A success must carry the profile; without it the answer is not one we understand.
    if (typeof answer.value !== 'object' || answer.value === null) {
      return { ok: false, error: { failure: { code: 'INVALID_RESPONSE' }, retryable: false } };
    }
    return { ok: true, value: toProfile(answer.value) };
  }
}
