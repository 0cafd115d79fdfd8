import { instantFromText, isInstantInRange } from '../../../server/domain/instant-range';

describe('the instants a request may name', () => {
  it.each([
    ['2026-01-31 12:00:00.123456+00', '2026-01-31T12:00:00.123Z'],
    ['2026-01-31T12:00:00Z', '2026-01-31T12:00:00.000Z'],
    ['2026-01-31 20:00:00+08:00', '2026-01-31T12:00:00.000Z'],
    ['2026-01-31 08:00:00-0400', '2026-01-31T12:00:00.000Z'],
  ])('reads %s as a database writes it', (text, iso) => {
    expect(instantFromText(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-13-01 00:00:00Z',
    '2026-02-30 00:00:00Z',
    '2026-01-01 24:00:00Z',
    '2026-01-01 00:60:00Z',
    '2026-01-01 00:00:60Z',
    '0000-01-01 00:00:00Z',
    '0050-01-01 00:00:00Z',
    '1969-12-31 23:59:59Z',
    '2026-01-01 00:00:00+16',
    '-200000-01-01 00:00:00Z',
    'yesterday',
  ])('refuses %s', (text) => {
    expect(instantFromText(text)).toBeNull();
  });

  it('holds years 1970 to 9999 and nothing JavaScript reads beyond them', () => {
    expect(isInstantInRange(new Date('9999-12-31T23:59:59Z'))).toBe(true);
    expect(isInstantInRange(new Date('1970-01-01T00:00:00Z'))).toBe(true);
    expect(isInstantInRange(new Date('-200000-01-01'))).toBe(false);
    expect(isInstantInRange(new Date('+275000-01-01'))).toBe(false);
    expect(isInstantInRange(new Date('nonsense'))).toBe(false);
  });
});
