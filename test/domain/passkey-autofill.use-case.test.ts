import { err, ok } from '../../src/contract/result';
import { PASSKEY_AUTOFILL_RENEW_MS } from '../../src/domain/use-cases/passkey-autofill.use-case';
import { passkeyLoginOver } from '../builders/passkey-login';
import { aMember } from '../builders/session-user.builder';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { anAssertion, FakePasskeys } from '../fakes/fake-passkeys';
import { InMemoryStorage } from '../fakes/in-memory-storage';

const settled = () => new Promise((resolve) => setImmediate(resolve));

function setUp() {
  let challenges = 0;
  const http = new FakeHttp()
    .on('passkeyLoginOptions', () => answer({ options: { challenge: `c-${++challenges}` } }))
    .on('passkeyLogin', answer(aMember().buildLoginData('tok-pk')));
  const clock = new FakeClock();
  const passkeys = new FakePasskeys();
  const [login, autofill] = passkeyLoginOver(http, new InMemoryStorage(), clock, passkeys);
  return { http, clock, passkeys, login, autofill };
}

describe('PasskeyAutofillUseCase', () => {
  it('renews the waiting request with a fresh challenge before the 5-minute one expires', async () => {
    const { http, clock, passkeys, autofill } = setUp();
    const outcome = autofill.execute();
    await settled();
    expect(passkeys.requested.map((one) => one.options.challenge)).toEqual(['c-1']);
    await clock.advance(PASSKEY_AUTOFILL_RENEW_MS - 1);
    expect(passkeys.requested).toHaveLength(1);
    await clock.advance(1);
    await settled();
    expect(passkeys.requested.map((one) => one.options.challenge)).toEqual(['c-1', 'c-2']);
    expect(passkeys.isWaiting).toBe(true);
    expect(http.callsTo('passkeyLogin')).toHaveLength(0);

    // The member picks a passkey on the renewed request: signed in with its challenge.
    passkeys.assertions.push({ ok: true, value: anAssertion() });
    await clock.advance(PASSKEY_AUTOFILL_RENEW_MS);
    const result = await outcome;
    expect(result?.ok).toBe(true);
    expect(passkeys.requested.map((one) => one.options.challenge)).toEqual(['c-1', 'c-2', 'c-3']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('ends with CANCELLED (not renewed) when the button request replaces it', async () => {
    const { clock, passkeys, login, autofill } = setUp();
    const outcome = autofill.execute();
    await settled();
    const button = await login.execute({ autofill: false });
    expect(button.ok).toBe(true);
    expect(await outcome).toEqual(
      err({ key: 'security.passkeys.cancelled', ceremony: 'CANCELLED' }),
    );
    expect(clock.pendingTimers).toBe(0);
    expect(passkeys.requested.map((one) => one.autofill)).toEqual([true, false]);
  });

  it('stop() ends the request quietly and leaves no timer', async () => {
    const { clock, passkeys, autofill } = setUp();
    const outcome = autofill.execute();
    await settled();
    autofill.stop();
    expect(await outcome).toBeNull();
    expect(passkeys.isWaiting).toBe(false);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(PASSKEY_AUTOFILL_RENEW_MS * 2);
    expect(passkeys.requested).toHaveLength(1);
  });

  it('does nothing where the browser offers no passkey autofill', async () => {
    const { http, passkeys, autofill } = setUp();
    passkeys.autofill = false;
    expect(await autofill.execute()).toBeNull();
    expect(http.calls).toEqual([]);
  });

  it('is quietly not offered when the API gives no challenge (rate limited)', async () => {
    const { http, passkeys, autofill } = setUp();
    http.on('passkeyLoginOptions', failure('RATE_LIMITED', { retryAfterSeconds: 30 }));
    expect(await autofill.execute()).toBeNull();
    expect(passkeys.requested).toEqual([]);
  });

  it.each(['FAILED', 'NOT_SUPPORTED'] as const)(
    'is quietly not offered when the browser cannot wait for a pick (%s)',
    async (reason) => {
      const { http, passkeys, autofill } = setUp();
      passkeys.assertions.push(err(reason));
      expect(await autofill.execute()).toBeNull();
      expect(http.calls.map((call) => call.endpoint)).toEqual(['passkeyLoginOptions']);
    },
  );

  it('reports the API refusing a passkey the member picked', async () => {
    const { http, passkeys, autofill } = setUp();
    passkeys.assertions.push(ok(anAssertion()));
    http.on('passkeyLogin', failure('PASSKEY_REJECTED'));
    const result = await autofill.execute();
    expect(result).toMatchObject({ ok: false, error: { code: 'PASSKEY_REJECTED' } });
  });
});
