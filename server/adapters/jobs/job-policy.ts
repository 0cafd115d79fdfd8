import { type JobPolicy } from '../../ports/scheduler.port';

/** The pause before retry number `retry` (0 for the first): the delay, doubled each time. */
export function retryPauseMs(policy: JobPolicy, retry: number): number {
  return policy.retryDelayMs * 2 ** retry;
}
