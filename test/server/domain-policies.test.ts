import {
  isSessionActive,
  needsTouch,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_IDLE_TTL_MS,
  type SessionRecord,
} from '../../server/domain/session-policy';
import {
  carriedAttempts,
  codeState,
  hashSmsCode,
  SMS_WINDOW_MS,
  type SmsCodeRecord,
} from '../../server/domain/sms-code-policy';

const T0 = new Date(Date.UTC(2026, 0, 1, 9));
const at = (ms: number) => new Date(T0.getTime() + ms);

function aSession(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return { id: 's', memberId: 'm', createdAt: T0, lastSeenAt: T0, revokedAt: null, ...overrides };
}

function aCode(overrides: Partial<SmsCodeRecord> = {}): SmsCodeRecord {
  return {
    id: 'c',
    phoneNo: '60123456789',
    purpose: 'registration',
    codeHash: 'x',
    attempts: 0,
    createdAt: T0,
    expiresAt: at(300_000),
    consumedAt: null,
    ...overrides,
  };
}

describe('session policy', () => {
  it('keeps a session alive while it is used and not revoked', () => {
    expect(isSessionActive(aSession(), at(SESSION_IDLE_TTL_MS - 1))).toBe(true);
    expect(isSessionActive(aSession(), at(SESSION_IDLE_TTL_MS))).toBe(false);
    expect(isSessionActive(aSession({ revokedAt: T0 }), T0)).toBe(false);
  });

  it('ends a session at the absolute limit even when just used', () => {
    const session = aSession({ lastSeenAt: at(SESSION_ABSOLUTE_TTL_MS - 1000) });
    expect(isSessionActive(session, at(SESSION_ABSOLUTE_TTL_MS - 1))).toBe(true);
    expect(isSessionActive(session, at(SESSION_ABSOLUTE_TTL_MS))).toBe(false);
  });

  it('records a use once a minute at most', () => {
    expect(needsTouch(aSession(), at(SESSION_TOUCH_INTERVAL_MS - 1))).toBe(false);
    expect(needsTouch(aSession(), at(SESSION_TOUCH_INTERVAL_MS))).toBe(true);
  });
});

describe('SMS code policy', () => {
  it('tells the state of a code', () => {
    expect(codeState(null, T0, 5)).toBe('missing');
    expect(codeState(aCode(), at(299_999), 5)).toBe('live');
    expect(codeState(aCode(), at(300_000), 5)).toBe('expired');
    expect(codeState(aCode({ attempts: 5 }), T0, 5)).toBe('dead');
    expect(codeState(aCode({ consumedAt: T0 }), T0, 5)).toBe('used');
  });

  it('carries wrong tries of an unused code over within the window only', () => {
    expect(carriedAttempts(null, T0)).toBe(0);
    expect(carriedAttempts(aCode({ attempts: 3 }), at(SMS_WINDOW_MS - 1))).toBe(3);
    expect(carriedAttempts(aCode({ attempts: 3 }), at(SMS_WINDOW_MS))).toBe(0);
    expect(carriedAttempts(aCode({ attempts: 3, consumedAt: T0 }), T0)).toBe(0);
  });

  it('binds a code hash to pepper, phone and purpose', () => {
    const base = hashSmsCode('pepper', '60123456789', 'registration', '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSmsCode('pepper', '60123456789', 'registration', '123456')).toBe(base);
    expect(hashSmsCode('other', '60123456789', 'registration', '123456')).not.toBe(base);
    expect(hashSmsCode('pepper', '60123456780', 'registration', '123456')).not.toBe(base);
    expect(hashSmsCode('pepper', '60123456789', 'password_reset', '123456')).not.toBe(base);
  });
});
