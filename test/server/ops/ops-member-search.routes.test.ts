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

/**
 * A role that may not reveal (viewer, finance) searches names with at least three characters,
 * thirty times an hour; each name search is audited with its text masked, and the first refusal
 * in the hour writes an entry of its own. Phone and IC/passport searches stay exact and free.
 */
describe('the console: name search for a role that may not reveal', () => {
  let h: OpsHarness;
  let viewer: SignedInOperator;
  let member: Awaited<ReturnType<typeof seedMember>>;
  const entriesOf = async (actorId: string, action: string) =>
    h.server.container.audit.list({ actorId, action, limit: 100 });

  beforeAll(async () => {
    h = await opsHarness();
    viewer = await operatorSignedIn(h, 'viewer');
    member = await seedMember(h.server, { name: 'Zulaikha binti Osman' });
  });
  afterAll(() => h.close());

  it('refuses a name under three characters with a coded 400, to this role only', async () => {
    const short = await search(h, viewer, ' Zu ');
    expect([short.statusCode, short.json()]).toEqual([
      400,
      expect.objectContaining({ code: 'OPS_SEARCH_TOO_SHORT', field: 'q' }),
    ]);
    const support = await operatorSignedIn(h, 'support');
    expect((await search(h, support, 'Zu')).statusCode).toBe(200);
    expect(await entriesOf(support.id, 'member.name_search')).toEqual([]);
  });

  it('audits each name search with the text masked and the member it found', async () => {
    const answer = await search(h, viewer, 'zulai');
    const page = answer.json().data as MemberSearchResponse;
    expect(page.items.map((found) => found.id)).toEqual([member.id]);
    const [entry] = await entriesOf(viewer.id, 'member.name_search');
    expect(entry).toMatchObject({
      actorRole: 'viewer',
      targetType: 'member',
      targetId: member.id,
      changes: {
        query: { before: null, after: 'z****' },
        query_length: { before: null, after: 5 },
        found: { before: null, after: 1 },
      },
    });
    expect(JSON.stringify(entry).toLowerCase()).not.toContain('zulai');
  });

  it('matches text with a digit exactly, unaudited and outside the budget', async () => {
    const byPhone = (await search(h, viewer, member.phone_no)).json().data as MemberSearchResponse;
    expect(byPhone.items.map((found) => found.id)).toEqual([member.id]);
    const byNameAndDigit = (await search(h, viewer, 'Zulaikha1')).json()
      .data as MemberSearchResponse;
    expect(byNameAndDigit.items).toEqual([]);
    expect(await entriesOf(viewer.id, 'member.name_search')).toHaveLength(1);
  });

  it('refuses the 31st name search in an hour (429, Retry-After), noting it once', async () => {
    const other = await operatorSignedIn(h, 'finance');
    for (let i = (await entriesOf(viewer.id, 'member.name_search')).length; i < 30; i += 1) {
      expect((await search(h, viewer, `Zul${'a'.repeat(i % 5)}`)).statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i += 1) {
      const refused = await search(h, viewer, 'Zulaikha');
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'OPS_NAME_SEARCH_LIMIT']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    expect(await entriesOf(viewer.id, 'member.name_search')).toHaveLength(30);
    const [noted, ...more] = await entriesOf(viewer.id, 'member.name_search_limit');
    expect([noted?.actorId, more]).toEqual([viewer.id, []]);
    expect((await search(h, viewer, member.phone_no)).statusCode).toBe(200);
    expect((await search(h, other, 'Zulaikha')).statusCode).toBe(200);

    // An hour on (the session kept alive), the oldest searches have left the window.
    for (let i = 0; i < 5; i += 1) {
      await h.server.clock.advance(13 * 60_000);
      expect((await get(h, OpsPaths.session, viewer)).statusCode).toBe(200);
    }
    expect((await search(h, viewer, 'Zulaikha')).statusCode).toBe(200);
  });
});
