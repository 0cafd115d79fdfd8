import { openDatabase, type Database } from '../../../../server/adapters/postgres/database';
import { eachDatabase, POSTGRES_ADMIN_URL } from '../../../../scripts/support/databases';

const ZONES = ['UTC', 'Asia/Kuala_Lumpur', 'America/St_Johns', 'Asia/Kathmandu'];
const WRITTEN = [
  '2026-11-27T01:09:39.123Z',
  '1901-12-14T00:00:00.000Z',
  '2038-01-19T03:14:08.999Z',
  '0100-03-01T00:00:00.000Z',
].map((iso) => new Date(iso));

/** node-postgres's own parser reads them (PGlite has a parser of its own). */
const onPostgres = eachDatabase().includes('postgres') ? describe : describe.skip;

onPostgres("timestamptz read by node-postgres's parser through openDatabase", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: POSTGRES_ADMIN_URL, dataDir: 'memory://' });
  });
  afterAll(() => db.close());

  it.each(ZONES)('reads back as Dates what was written, in the session time zone %s', (zone) =>
    db.transaction(async (tx) => {
      await tx.query(`SET LOCAL TimeZone = '${zone}'`);
      const rows = await tx.query<{ at: Date; text: string }>(
        'SELECT at, at::text AS text FROM unnest($1::timestamptz[]) AS u(at)',
        [WRITTEN],
      );
      expect(rows.map((row) => row.at)).toEqual(WRITTEN);
      // The text form is the session's local time with its offset, as the parser receives it.
      expect(rows[0].text).toMatch(/^2026-11-2[67] \d\d:\d\d:39\.123[+-]\d\d(:\d\d)?$/);
    }),
  );

  it('keeps milliseconds of a value with microseconds, as a Date holds them', async () => {
    const [row] = await db.query<{ at: Date }>(
      "SELECT '2026-11-27 09:09:39.123999+08'::timestamptz AS at",
    );
    expect(row.at.toISOString()).toBe('2026-11-27T01:09:39.123Z');
  });
});
