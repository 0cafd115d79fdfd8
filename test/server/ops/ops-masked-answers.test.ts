import { randomBytes } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import { OpsPaths } from '../../../src/contract/ops-api';
import { OpsPaymentPaths } from '../../../src/contract/ops-payments-api';
import { type OpsRole } from '../../../src/contract/ops-roles';
import { seedMember } from '../support/in-memory-server';
import {
  get,
  opsHarness,
  type OpsHarness,
  operatorSignedIn,
  type SignedInOperator,
} from './ops-support';

type Seeded = Awaited<ReturnType<typeof seedMember>>;

/** Every reading of a text: itself, each part decoded as base64(url), and what parses as JSON. */
function readingsOf(text: string, depth = 0): string[] {
  if (depth > 2) return [text];
  const parts = [...new Set([text, ...text.split(/[.:~|_-]/)])].filter((part) => part !== '');
  const decoded = parts.flatMap((part) => [
    Buffer.from(part, 'base64url').toString('utf8'),
    Buffer.from(part, 'base64').toString('latin1'),
  ]);
  const nested = decoded.flatMap((reading) => {
    try {
      return valuesOf(JSON.parse(reading)).flatMap((value) => readingsOf(value, depth + 1));
    } catch {
      return [];
    }
  });
  return [text, ...decoded, ...nested];
}

/** Every string and number in an answer, at any depth, keys included. */
function valuesOf(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(valuesOf);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...valuesOf(inner)]);
  }
  return [];
}

/** What a masked answer may never hold of a member: the name or a word of it, the hidden digits. */
function secretsOf(member: Seeded): string[] {
  const words = member.name.split(/\s+/).filter((word) => word.length >= 4);
  return [
    member.name,
    ...words,
    member.phone_no,
    member.phone_no.slice(2, -4),
    member.ic_or_passport,
    member.ic_or_passport.slice(0, -4),
  ].map((secret) => secret.toLowerCase());
}

/**
 * A masked answer never holds a member's clear name, phone or IC/passport, in any field, not even
 * inside a cursor decoded as base64 and JSON: the member search and page, the payments search and
 * page, for a role that may reveal and one that may not (in memory, app.inject()).
 */
describe('the console: masked answers hold no clear personal data', () => {
  let h: OpsHarness;
  const members: Seeded[] = [];
  let paymentId = '';

  beforeAll(async () => {
    h = await opsHarness();
    for (let i = 0; i < 21; i += 1) {
      const name = `Qistina Wardah binti Zulkarnain ${String.fromCharCode(97 + i)}${i}x`;
      members.push(await seedMember(h.server, { name }));
    }
    for (let i = 0; i < 21; i += 1) {
      paymentId = generateTransactionId(randomBytes);
      await h.server.container.transactions.createPending({
        transactionId: paymentId,
        memberId: members[0].id,
        amountSen: 12_300 + i,
        paymentMethod: 'qr',
        gateway: 'sandbox',
        createdAt: new Date(h.server.clock.now() + i),
      });
    }
  });
  afterAll(() => h.close());

  /** The answer's data, after checking that no reading of any value in it holds a secret. */
  async function maskedData(as: SignedInOperator, path: string): Promise<unknown> {
    const answer = await get(h, path, as);
    expect([path, answer.statusCode]).toEqual([path, 200]);
    const data: unknown = answer.json().data;
    const readings = valuesOf(data)
      .flatMap((value) => readingsOf(value))
      .map((reading) => reading.toLowerCase());
    const secrets = members.flatMap(secretsOf);
    const leaks = secrets.filter((secret) => readings.some((reading) => reading.includes(secret)));
    expect({ path, leaks }).toEqual({ path, leaks: [] });
    return data;
  }

  it.each<OpsRole>(['viewer', 'support'])('holds none for a %s', async (role) => {
    const as = await operatorSignedIn(h, role);
    const first = (await maskedData(as, `${OpsPaths.members}?q=Qistina`)) as {
      next_cursor: string;
    };
    expect(first.next_cursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.next_cursor);
    await maskedData(as, `${OpsPaths.members}?q=Qistina&cursor=${cursor}`);
    await maskedData(as, `${OpsPaths.members}?q=${members[0].phone_no}`);
    await maskedData(as, `${OpsPaths.member}/${members[0].id}`);

    const member = encodeURIComponent(members[0].ic_or_passport);
    const payments = (await maskedData(as, `${OpsPaymentPaths.payments}?member=${member}`)) as {
      next_cursor: string;
    };
    expect(payments.next_cursor).toEqual(expect.any(String));
    const next = encodeURIComponent(payments.next_cursor);
    await maskedData(as, `${OpsPaymentPaths.payments}?member=${member}&cursor=${next}`);
    await maskedData(as, `${OpsPaymentPaths.payment}/${paymentId}`);
  });

  it('keeps no clear name in the audit entries of name searches', async () => {
    const admin = await operatorSignedIn(h, 'admin');
    const entries = (await maskedData(admin, `${OpsPaths.audit}?action=member.name_search`)) as {
      items: unknown[];
    };
    expect(entries.items.length).toBeGreaterThan(0);
  });
});
