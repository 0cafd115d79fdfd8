import { InMemoryTables } from '../../../server/adapters/in-memory/in-memory-tables';
import { createContainer, createInMemoryContainer } from '../../../server/container';
import { FakeClock } from '../../fakes/fake-clock';
import { openMigratedPglite } from '../../../scripts/support/database-images';
import { testConfig } from '../support/in-memory-server';
import { aMemberRow } from '../support/in-memory-stores';

describe('createInMemoryContainer', () => {
  it('wires the same use cases and adapters as the database container', async () => {
    const config = testConfig({ dataDir: 'memory://', databaseUrl: undefined });
    // Started from the migrated image: opening and migrating a database are tested on their own.
    const db = await openMigratedPglite();
    const database = await createContainer(config, { clock: new FakeClock(), db });
    try {
      const memory = createInMemoryContainer(config);
      const keys = (container: object) =>
        Object.keys(container)
          .filter((key) => key !== 'tables')
          .sort();
      expect(keys(memory)).toEqual(keys(database));
      for (const key of keys(memory)) {
        expect(memory[key as keyof typeof memory]).toBeDefined();
      }
    } finally {
      await database.close();
      await db.close();
    }
  }, 60_000);

  it('runs on no database: the health ping is all its db answers', async () => {
    const container = createInMemoryContainer(testConfig());
    await expect(container.db.query('SELECT 1')).resolves.toHaveLength(1);
    await expect(container.db.query('SELECT * FROM members')).rejects.toThrow(
      'the in-memory container runs no SQL',
    );
  });

  it('shares given tables, so two containers see the same members', async () => {
    const tables = new InMemoryTables();
    const first = createInMemoryContainer(testConfig(), { tables });
    const second = createInMemoryContainer(testConfig(), { tables });
    const member = aMemberRow();
    await first.members.insert(member);
    expect(await second.members.findById(member.id)).toEqual(member);
    expect(second.tables).toBe(tables);
  });

  it('uses the adapters it is given and keeps the defaults for the rest', () => {
    const clock = new FakeClock(Date.UTC(2030, 0, 1));
    const container = createInMemoryContainer(testConfig(), { clock, smsSender: undefined });
    expect(container.clock.now()).toBe(Date.UTC(2030, 0, 1));
    expect(container.smsSender).toBe(container.smsOutbox);
  });
});
