import { type GatewayCallbackRequest } from '../../../../server/ports/payment-gateway.port';
import { type StoreSet } from '../../contracts/store-backends';
import { startFaultServer } from '../../support/fault-server';
import { aMemberRow } from '../../support/in-memory-stores';
import { type GatewayHarness } from './gateway-contract';
import { createUseCase, renamed, storedPayment, wireUseCases } from './gateway-wiring';

/** The names of a callback's fields, whatever its format (a form, or a JSON object). */
export function fieldNames(callback: GatewayCallbackRequest): string[] {
  if (typeof callback.body === 'string') return [...new URLSearchParams(callback.body).keys()];
  return typeof callback.body === 'object' && callback.body !== null
    ? Object.keys(callback.body)
    : [];
}

/**
 * Conformance cases of refusal: a callback in another currency changes nothing (or, where the
 * protocol names no currency, the adapter says so and the gateway's messages bear it out), and a
 * gateway down, failing or silent while a payment is created answers the member a clear error and
 * leaves no payment behind.
 */
export function gatewayRefusalCases(harness: () => GatewayHarness, stores: () => StoreSet): void {
  it('refuses a callback in another currency, changing nothing, or states it has none', async () => {
    const { gateway, foreignCurrency } = harness();
    const set = stores();
    const { apply } = wireUseCases(set, gateway);
    const { request, start, id } = await storedPayment(harness(), set);
    const genuine = await harness().finish(start, request, true);
    if (gateway.capabilities.currency === 'implied_myr') {
      // The declaration holds: the gateway's messages carry no currency to check.
      expect(fieldNames(genuine).filter((name) => /currency/i.test(name))).toEqual([]);
      expect(foreignCurrency).toBeUndefined();
      return;
    }
    if (!foreignCurrency) throw new Error('a gateway stating its currency needs foreignCurrency');
    const result = await apply.execute({
      request: foreignCurrency(genuine),
      source: 'callback',
      gateway: gateway.name,
    });
    expect(result.ok).toBe(false);
    expect((await set.transactions.findById(id))?.status).toBe('pending');
  });

  it('answers a clear error when the gateway is down, failing or silent while creating, leaving no payment', async () => {
    const { gateway } = harness();
    const failing = await startFaultServer();
    const hanging = await startFaultServer();
    hanging.mode = 'hang';
    const gone = await startFaultServer();
    await gone.close();
    try {
      // Nothing listening, a gateway answering 503, and one that never answers.
      for (const address of [gone.url, failing.url, hanging.url]) {
        const set = stores();
        const member = aMemberRow();
        await set.members.insert(member);
        const adapter = harness().adapterAt(address, 500);
        const tried: string[] = [];
        const recording = renamed(adapter, adapter.name, (request) => {
          tried.push(request.transactionId);
          return adapter.startPayment(request);
        });
        const input = {
          memberId: member.id,
          amount: '123.45',
          paymentMethod: 'qr',
          idempotencyKey: 'retry-me',
        };
        const result = await createUseCase(set, recording, member).execute(input);
        expect(tried).toHaveLength(1);
        if (!gateway.capabilities.createsAtGateway) {
          // Only a signed hand-off is made: the payer's tab meets the gateway, not the server.
          expect(result.ok).toBe(true);
          continue;
        }
        // The use case names the code only; the HTTP side words it (server/http/messages.ts).
        expect(result).toEqual({ ok: false, error: { code: 'PAYMENT_GATEWAY_UNAVAILABLE' } });
        // Nothing half made: no pending payment, and the same key starts afresh once it is back.
        expect(await set.transactions.findById(tried[0])).toBeNull();
        const again = await createUseCase(set, gateway, member).execute(input);
        expect(again).toMatchObject({ ok: true, value: { status: 'pending' } });
        if (again.ok) expect(again.value.transactionId).not.toBe(tried[0]);
      }
    } finally {
      await failing.close();
      await hanging.close();
    }
  });
}
