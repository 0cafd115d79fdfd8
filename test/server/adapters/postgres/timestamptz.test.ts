import { Client, types } from 'pg';
import { parseTimestamptz, POOL_TYPES } from '../../../../server/adapters/postgres/timestamptz';
import { eachDatabase, POSTGRES_ADMIN_URL } from '../../support/databases';

/** node-postgres's own parser, which parseTimestamptz must agree with. */
const general = types.getTypeParser(1184, 'text') as (text: string) => Date | number | null;
const time = (value: Date | number | null) => (value instanceof Date ? value.getTime() : value);

describe('parseTimestamptz', () => {
  it.each([
    ['2026-11-27 01:09:39+00', '2026-11-27T01:09:39.000Z'],
    ['2026-11-27 09:09:39.5+08', '2026-11-27T01:09:39.500Z'],
    ['2026-11-27 09:09:39.123456+08', '2026-11-27T01:09:39.123Z'],
    ['2026-11-27 09:09:39.123999+08', '2026-11-27T01:09:39.123Z'],
    ['2026-11-26 19:39:39.07-05:30', '2026-11-27T01:09:39.070Z'],
    ['1901-12-14 06:55:25+06:55:25', '1901-12-14T00:00:00.000Z'],
    ['0100-03-01 00:00:00+00', '0100-03-01T00:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect((parseTimestamptz(text) as Date).toISOString()).toBe(iso);
  });

  it.each([
    'infinity',
    '-infinity',
    '0044-03-15 12:00:00+00 BC',
    '0099-12-31 23:59:59+00',
    '12026-01-01 00:00:00+00',
    '2026-11/27 01:09:39+00',
    '2026-11-27 01:09.39+00',
  ])('leaves %s to node-postgres, and answers what it answers', (text) => {
    expect(time(parseTimestamptz(text))).toEqual(time(general(text)));
  });

  it("agrees with node-postgres's parser on 4,000 instants in four offsets", () => {
    for (let i = 0; i < 1000; i++) {
      const instant = new Date(Date.UTC(1970, 0, 1) + i * 19_876_543_217);
      for (const offsetMinutes of [0, 480, -330, 345]) {
        const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString();
        const sign = offsetMinutes < 0 ? '-' : '+';
        const hh = String(Math.trunc(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
        const mm = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
        const text = `${local.slice(0, 10)} ${local.slice(11, 23)}${i % 7}${sign}${hh}${mm === '00' ? '' : `:${mm}`}`;
        expect(time(parseTimestamptz(text))).toBe(time(general(text)));
      }
    }
  });
});

const onPostgres = eachDatabase().includes('postgres') ? describe : describe.skip;

onPostgres('the pool types on PostgreSQL', () => {
  it.each(['UTC', 'Asia/Kuala_Lumpur', 'America/St_Johns', 'Asia/Kathmandu'])(
    'read back what was written, in the session time zone %s',
    async (zone) => {
      const client = new Client({ connectionString: POSTGRES_ADMIN_URL, types: POOL_TYPES });
      await client.connect();
      try {
        await client.query(`SET TimeZone = '${zone}'`);
        const written = new Date('2026-11-27T01:09:39.123Z');
        const { rows } = await client.query<{ at: Date; text: string }>(
          'SELECT $1::timestamptz AS at, $1::timestamptz::text AS text',
          [written],
        );
        expect(rows[0].at).toBeInstanceOf(Date);
        expect(rows[0].at.getTime()).toBe(written.getTime());
        expect(rows[0].text).toMatch(/^2026-11-2[67] \d\d:\d\d:39\.123[+-]\d\d(:\d\d)?$/);
      } finally {
        await client.end();
      }
    },
  );
});
