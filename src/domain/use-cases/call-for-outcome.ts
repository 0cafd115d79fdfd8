import type { Endpoint, RequestOf } from '../../contract/api';
import { err, ok, type Result } from '../../contract/result';
import { failureFrom, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';

/**
 * Calls one endpoint whose answer's data does not matter, only whether it worked: ok, or the
 * API's failure read as a Failure with `failureKey` as its message key.
 */
export async function callForOutcome<E extends Endpoint>(
  http: HttpPort,
  endpoint: E,
  request: RequestOf<E>,
  failureKey: string,
): Promise<Result<void, Failure>> {
  const answer = await http.call(endpoint, request);
  return answer.ok ? ok(undefined) : err(failureFrom(answer.error, failureKey));
}
