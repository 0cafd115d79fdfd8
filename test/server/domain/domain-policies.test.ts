import {
  LOGIN_FAILURE_RETENTION_MS,
  LOGIN_FAILURE_WINDOW_MS,
  loginFailurePurgeCutoff,
} from '../../../server/domain/login-throttle-policy';
import {
  isSessionActive,
  isSessionPurgeable,
  needsTouchAt,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_RETENTION_AFTER_END_MS,
  sessionEndedAt,
  sessionPurgeCutoffs,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_IDLE_TTL_MS,
  type SessionRecord,
} from '../../../server/domain/session-policy';
import {
  carriedAttempts,
  codeState,
  hashSmsCode,
  SMS_RETENTION_MS,
  SMS_WINDOW_MS,
  smsCodePurgeCutoff,
  smsRequestPurgeCutoff,
  type SmsCodeRecord,
} from '../../../server/domain/sms-code-policy';

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
    expect(needsTouchAt(aSession(), at(SESSION_TOUCH_INTERVAL_MS - 1).getTime())).toBe(false);
    expect(needsTouchAt(aSession(), at(SESSION_TOUCH_INTERVAL_MS).getTime())).toBe(true);
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

describe('retention', () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** The config caps OTP_TTL_S and SMS_RESEND_COOLDOWN_S at an hour. */
  const LONGEST_CODE_RULE_MS = 60 * 60 * 1000;

  it('keeps SMS codes and requests a day past anything a rule reads', () => {
    const now = at(30 * DAY);
    expect(smsCodePurgeCutoff(now)).toEqual(new Date(now.getTime() - DAY));
    expect(smsRequestPurgeCutoff(now)).toEqual(new Date(now.getTime() - DAY));
    expect(SMS_RETENTION_MS).toBeGreaterThan(Math.max(SMS_WINDOW_MS, LONGEST_CODE_RULE_MS));
  });

  it('purges only codes that can neither be used nor pass wrong tries on', () => {
    const now = at(30 * DAY);
    const cutoff = smsCodePurgeCutoff(now);
    // The newest code a purge may delete: it expired just before the cut-off.
    const purgeable = aCode({
      attempts: 4,
      createdAt: new Date(cutoff.getTime() - LONGEST_CODE_RULE_MS - 1),
      expiresAt: new Date(cutoff.getTime() - 1),
    });
    expect(codeState(purgeable, now, 5)).toBe('expired');
    expect(carriedAttempts(purgeable, now)).toBe(0);
  });

  it('keeps login failures a day, far past the throttle window', () => {
    const now = at(30 * DAY);
    expect(loginFailurePurgeCutoff(now)).toEqual(new Date(now.getTime() - DAY));
    expect(LOGIN_FAILURE_RETENTION_MS).toBeGreaterThan(LOGIN_FAILURE_WINDOW_MS);
  });

  it('says when a session ended: revoked, idle or absolute, whichever came first', () => {
    expect(sessionEndedAt(aSession())).toEqual(at(SESSION_IDLE_TTL_MS));
    expect(sessionEndedAt(aSession({ revokedAt: at(1000) }))).toEqual(at(1000));
    const busy = aSession({ lastSeenAt: at(SESSION_ABSOLUTE_TTL_MS - 1000) });
    expect(sessionEndedAt(busy)).toEqual(at(SESSION_ABSOLUTE_TTL_MS));
  });

  it('purges a session only 7 days after it ended, and never a live one', () => {
    const session = aSession({ revokedAt: at(1000) });
    const endPlusRetention = 1000 + SESSION_RETENTION_AFTER_END_MS;
    expect(SESSION_RETENTION_AFTER_END_MS).toBe(7 * DAY);
    expect(isSessionPurgeable(session, at(endPlusRetention))).toBe(false);
    expect(isSessionPurgeable(session, at(endPlusRetention + 1))).toBe(true);
    // A session in use right up to its absolute limit is kept another 7 days after it.
    const busy = aSession({ lastSeenAt: at(SESSION_ABSOLUTE_TTL_MS - 1000) });
    const now = at(SESSION_ABSOLUTE_TTL_MS - 1);
    expect(isSessionActive(busy, now)).toBe(true);
    expect(isSessionPurgeable(busy, now)).toBe(false);
    expect(isSessionPurgeable(busy, at(SESSION_ABSOLUTE_TTL_MS + 7 * DAY + 1))).toBe(true);
  });

  it('states the session rule as column cut-offs that agree with the predicate', () => {
    const byCutoffs = (s: SessionRecord, now: Date) => {
      const c = sessionPurgeCutoffs(now);
      return (
        (s.revokedAt !== null && s.revokedAt < c.revokedBefore) ||
        s.lastSeenAt < c.lastSeenBefore ||
        s.createdAt < c.createdBefore
      );
    };
    const sessions = [
      aSession(),
      aSession({ revokedAt: at(5000) }),
      aSession({ lastSeenAt: at(3 * DAY) }),
      aSession({ lastSeenAt: at(SESSION_ABSOLUTE_TTL_MS - 1000) }),
      aSession({ lastSeenAt: at(2 * DAY), revokedAt: at(2 * DAY + 1) }),
    ];
    for (const s of sessions) {
      const boundary = sessionEndedAt(s).getTime() + SESSION_RETENTION_AFTER_END_MS;
      const times = [boundary - 1, boundary, boundary + 1, T0.getTime(), boundary - DAY];
      for (let t = 0; t <= 16 * DAY; t += DAY / 4) times.push(T0.getTime() + t);
      for (const t of times) {
        const now = new Date(t);
        expect([now, byCutoffs(s, now)]).toEqual([now, isSessionPurgeable(s, now)]);
      }
    }
  });
});
