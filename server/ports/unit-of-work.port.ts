import { type MemberRepository } from './member-repository.port';
import { type SessionStore } from './session-store.port';
import { type SmsCodeStore } from './sms-code-store.port';

export interface TransactionalStores {
  members: MemberRepository;
  sessions: SessionStore;
  smsCodes: SmsCodeStore;
}

/**
 * Runs work in one database transaction: everything commits together, or nothing does when
 * the callback throws. Used where a code's use and its effect must be atomic.
 */
export interface UnitOfWork {
  run<T>(work: (stores: TransactionalStores) => Promise<T>): Promise<T>;
}
