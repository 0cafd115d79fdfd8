import { type MemberSearchResponse, OpsPaths } from '../../../src/contract/ops-api';
import { seedMember } from '../support/in-memory-server';
import {
  get,
  opsHarness,
  type OpsHarness,
  operatorSignedIn,
  type SignedInOperator,
} from './ops-support';

/** Every text a cursor could carry: itself, and each part decoded as base64 or base64url. */
function readingsOf(cursor: string): string[] {
  const parts = [cursor, ...cursor.split(/[.:~|]/)];
  return parts.flatMap((part) => [
    part,
    Buffer.from(part, 'base64url').toString('utf8'),
    Buffer.from(part, 'base64').toString('utf8'),
  ]);
}

const search = (h: OpsHarness, as: SignedInOperator, q: string, cursor?: string) =>
  get(
    h,
    `${OpsPaths.members}?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    as,
  );

/**
 * The member search's pages over HTTP (in memory): the cursor is the last member's id, signed for
 * its own search; it carries no personal data and a forged, altered or moved one is a coded 400.
 */
describe('the console: member search cursors', () => {
  let h: OpsHarness;
  let support: SignedInOperator;
  const names: string[] = [];

  beforeAll(async () => {
    h = await opsHarness();
    support = await operatorSignedIn(h, 'support');
    for (let i = 0; i < 22; i += 1) {
      const name = `Nurul Ain binti Zakaria ${String.fromCharCode(97 + i)}${i}`;
      names.push(name);
      await seedMember(h.server, { name });
    }
  });
  afterAll(() => h.close());

  it('pages with a cursor that holds no name, only an id and its signature', async () => {
    const first = await search(h, support, 'Nurul');
    expect(first.statusCode).toBe(200);
    const page = first.json().data as MemberSearchResponse;
    expect(page.items).toHaveLength(20);
    const cursor = page.next_cursor ?? '';
    const lastId = page.items[19].id;
    for (const reading of readingsOf(cursor)) {
      for (const name of names) {
        expect(reading.toLowerCase()).not.toContain(name.toLowerCase());
        expect(reading.toLowerCase()).not.toContain('zakaria');
      }
    }
    expect(cursor.startsWith(`${lastId}.`)).toBe(true);

    const next = (await search(h, support, 'Nurul', cursor)).json().data as MemberSearchResponse;
    expect(next.next_cursor).toBeNull();
    const ids = [...page.items, ...next.items].map((member) => member.id);
    expect(new Set(ids).size).toBe(22);
  });

  it('refuses a cursor altered, forged or moved to another search with a coded 400', async () => {
    const page = (await search(h, support, 'Nurul')).json().data as MemberSearchResponse;
    const cursor = page.next_cursor ?? '';
    const lastId = page.items[19].id;
    const flipped = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    const otherId = `${page.items[0].id}${cursor.slice(cursor.indexOf('.'))}`;
    const oldStyle = Buffer.from(JSON.stringify([names[19], lastId])).toString('base64url');
    for (const [q, bad] of [
      ['Nurul', flipped],
      ['Nurul', otherId],
      ['Nurul', oldStyle],
      ['Nurul', lastId],
      ['Nurul Ain binti Zakaria t', cursor],
      ['nurul', cursor],
    ]) {
      const answer = await search(h, support, q, bad);
      expect([q, bad, answer.statusCode, answer.json()]).toEqual([
        q,
        bad,
        400,
        expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'cursor' }),
      ]);
    }
  });
});
