import { type Database, openDatabase } from '../../../server/adapters/postgres/database';
import { FakePasswordHasher } from './fake-password-hasher';
import { type ApiResponse } from './http';
import { type TestApp } from './test-app';

/** A fake hasher that takes a while to verify (as argon2 does) and counts the verifications. */
export class CountingSlowHasher extends FakePasswordHasher {
  verifications = 0;

  override async verify(hash: string, password: string): Promise<boolean> {
    this.verifications += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return super.verify(hash, password);
  }

  override async verifyDummy(): Promise<void> {
    this.verifications += 1;
    await super.verifyDummy();
  }
}

/** `count` requests at once, spread over the instances in turn. */
export function fireSplit<T>(
  instances: TestApp[],
  count: number,
  request: (baseUrl: string, index: number) => Promise<ApiResponse<T>>,
): Promise<ApiResponse<T>[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      request(instances[index % instances.length].baseUrl, index),
    ),
  );
}

export const statuses = (responses: ApiResponse[]): Record<number, number> =>
  responses.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/**
 * An instance's pool, waiting longer for a connection than the app's 3 s: fifty requests queue for
 * ten connections while they take turns on one lock, and on a busy machine the last were 503s.
 */
export function openPatientPool(databaseUrl: string): Promise<Database> {
  return openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    connectTimeoutMs: 30_000,
    statementTimeoutMs: 30_000,
  });
}
