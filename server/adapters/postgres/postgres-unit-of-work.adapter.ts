import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { type Database } from './database';
import { PostgresLoginFailureStore } from './postgres-login-failure-store.adapter';
import { PostgresMemberRepository } from './postgres-member-repository.adapter';
import { PostgresSessionStore } from './postgres-session-store.adapter';
import { PostgresSmsCodeStore } from './postgres-sms-code-store.adapter';

export class PostgresUnitOfWork implements UnitOfWork {
  constructor(private readonly db: Database) {}

  run<T>(work: (stores: TransactionalStores) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({
        members: new PostgresMemberRepository(tx),
        sessions: new PostgresSessionStore(tx),
        smsCodes: new PostgresSmsCodeStore(tx),
        loginFailures: new PostgresLoginFailureStore(tx),
      }),
    );
  }
}
