import { CachedMemberRepository } from '../../../server/adapters/caching/cached-member-repository.adapter';
import { CachedSessionStore } from '../../../server/adapters/caching/cached-session-store.adapter';
import { CachedTransactionStore } from '../../../server/adapters/caching/cached-transaction-store.adapter';
import { InProcessInvalidationBus } from '../../../server/adapters/caching/in-process-invalidation-bus.adapter';
import { ReadCaches } from '../../../server/adapters/caching/read-caches';
import { gatewayRegistry } from '../../../server/adapters/gateways/gateway-registry';
import { SandboxGatewayAdapter } from '../../../server/adapters/gateways/sandbox-gateway.adapter';
import { InMemoryGatewayStatusClient } from '../../../server/adapters/in-memory/in-memory-gateway-status-client.adapter';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { hashSessionToken, SESSION_IDLE_TTL_MS } from '../../../server/domain/session-policy';
import { ApplyPaymentCallbackUseCase } from '../../../server/use-cases/apply-payment-callback.use-case';
import { AuthenticateSessionUseCase } from '../../../server/use-cases/authenticate-session.use-case';
import { GetPaymentStatusUseCase } from '../../../server/use-cases/get-payment-status.use-case';
import { GetProfileUseCase } from '../../../server/use-cases/get-profile.use-case';
import { ReconcilePendingPaymentsUseCase } from '../../../server/use-cases/reconcile-pending-payments.use-case';
import { type Sen } from '../../../src/contract/money';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

const TOKEN = 'held-answers-token-0123456789abcdefghijklmno';
const PAYMENT = 'TXNAAAAAAAAAAAAAAAAAAAAAAAA';
const RECONCILE_AFTER_S = 600;
/** Longer than the idle limit, so that the cache's own lifetime is not what ends a session. */
const CACHE_TTL_MS = SESSION_IDLE_TTL_MS * 2;

/**
 * The session check's and the status poll's use cases over the caching adapters, on in-memory
 * stores and a FakeClock: what they answer at once (no promise) and what they still read.
 */
async function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const caches = new ReadCaches(new InProcessInvalidationBus(), clock, {
    ttlMs: CACHE_TTL_MS,
    maxEntries: 100,
  });
  const sessions = new CachedSessionStore(stores.sessions, caches, clock);
  const members = new CachedMemberRepository(stores.members, caches);
  const transactions = new CachedTransactionStore(stores.transactions, clock, caches, {
    pendings: { ttlMs: CACHE_TTL_MS, maxEntries: 100 },
  });
  const member = aMemberRow();
  const stranger = aMemberRow();
  await stores.members.insert(member);
  await stores.members.insert(stranger);
  await stores.sessions.create({
    id: 'session-1',
    memberId: member.id,
    tokenHash: hashSessionToken(TOKEN),
    now: new Date(clock.now()),
  });
  await stores.transactions.createPending({
    transactionId: PAYMENT,
    memberId: member.id,
    amountSen: 5000 as Sen,
    paymentMethod: 'qr',
    gateway: 'sandbox',
    createdAt: new Date(clock.now()),
  });
  const signer = new HmacSha256PaymentSigner('test gateway secret');
  const sandbox = new SandboxGatewayAdapter(
    () => ({ payUrl: 'https://sandbox.test/pay', clientId: 'member-portal' }),
    signer,
    clock,
    new InMemoryGatewayStatusClient(),
  );
  const gateways = gatewayRegistry(sandbox);
  const reconcile = new ReconcilePendingPaymentsUseCase(
    transactions,
    gateways,
    new ApplyPaymentCallbackUseCase(transactions, gateways, clock),
    clock,
    { reconcileAfterS: RECONCILE_AFTER_S, batchSize: 50 },
  );
  return {
    clock,
    member,
    stranger,
    sessions,
    authenticate: new AuthenticateSessionUseCase(sessions, clock),
    profile: new GetProfileUseCase(members),
    status: new GetPaymentStatusUseCase(transactions, reconcile),
  };
}

describe('answers held in memory', () => {
  it('admits a session held in memory at once, after its first read from the store', async () => {
    const { authenticate, member } = await setUp();
    const first = authenticate.execute({ token: TOKEN });
    expect(first).toBeInstanceOf(Promise);
    const admitted = { ok: true, value: { id: member.id, sessionId: 'session-1' } };
    expect(await first).toEqual(admitted);
    const second = authenticate.execute({ token: TOKEN });
    expect(second).not.toBeInstanceOf(Promise);
    expect(second).toEqual(admitted);
  });

  it('never admits from memory a session that went idle or was revoked', async () => {
    const { authenticate, clock } = await setUp();
    await authenticate.execute({ token: TOKEN });
    await clock.advance(SESSION_IDLE_TTL_MS);
    expect(await authenticate.execute({ token: TOKEN })).toMatchObject({
      ok: false,
      error: { code: 'AUTH_SESSION_ENDED' },
    });

    const fresh = await setUp();
    await fresh.authenticate.execute({ token: TOKEN });
    await fresh.sessions.revoke('session-1', new Date(fresh.clock.now()));
    expect(await fresh.authenticate.execute({ token: TOKEN })).toMatchObject({
      ok: false,
      error: { code: 'AUTH_SESSION_ENDED' },
    });
  });

  it("answers a session check's member at once once held", async () => {
    const { profile, member } = await setUp();
    const first = profile.sessionUser({ memberId: member.id });
    expect(first).toBeInstanceOf(Promise);
    const user = { user_id: member.id, name: member.name, phone_no: member.phoneNo };
    expect(await first).toEqual({ ok: true, value: user });
    const second = profile.sessionUser({ memberId: member.id });
    expect(second).not.toBeInstanceOf(Promise);
    expect(second).toEqual({ ok: true, value: user });
  });

  it("answers a held payment's status at once, and another member's like an unknown one", async () => {
    const { status, member, stranger } = await setUp();
    expect(await status.execute({ memberId: member.id, paymentId: PAYMENT })).toEqual({
      ok: true,
      value: { status: 'pending' },
    });
    const held = status.execute({ memberId: member.id, paymentId: PAYMENT });
    expect(held).not.toBeInstanceOf(Promise);
    expect(held).toEqual({ ok: true, value: { status: 'pending' } });
    const foreign = status.execute({ memberId: stranger.id, paymentId: PAYMENT });
    const unknown = await status.execute({
      memberId: stranger.id,
      paymentId: 'TXNBBBBBBBBBBBBBBBBBBBBBBBB',
    });
    expect(foreign).not.toBeInstanceOf(Promise);
    expect(foreign).toEqual(unknown);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'PAYMENT_NOT_FOUND' } });
  });

  it('asks the gateway before answering a held payment left pending past the reconcile age', async () => {
    const { status, member, clock } = await setUp();
    await status.execute({ memberId: member.id, paymentId: PAYMENT });
    await clock.advance(RECONCILE_AFTER_S * 1000);
    const stale = status.execute({ memberId: member.id, paymentId: PAYMENT });
    expect(stale).toBeInstanceOf(Promise);
    expect(await stale).toMatchObject({ ok: true });
  });
});
