import type { PaymentStatus } from '../../src/contract/payment';
import { PAYMENT_POLL_MS } from '../../src/domain/use-cases/watch-payment.use-case';
import { flushPromises } from '../fakes/fake-clock';
import { answer, failure } from '../fakes/fake-http';
import { held, page, setUp } from './browse-payment-history.support';

describe('BrowsePaymentHistoryUseCase', () => {
  it('reads the first page of all payments: loading, then the rows and the next cursor', async () => {
    const { http, browse, told, ids } = setUp();
    http.once('paymentHistory', page(['T3', 'T2'], 'cursor-1'));
    expect(browse.state).toMatchObject({ filter: 'all', state: 'loading', rows: [] });
    const loading = browse.load();
    expect(told.map((h) => h.state)).toEqual(['loading']);
    await loading;
    expect(browse.state).toMatchObject({ state: 'ready', nextCursor: 'cursor-1' });
    expect(ids()).toEqual(['T3', 'T2']);
    expect(http.callsTo('paymentHistory').map((c) => c.request)).toEqual([{ limit: 20 }]);
    browse.dispose();
  });

  it('loads more with the cursor of the page before, adds only new rows, ends at the last', async () => {
    const { http, browse, ids } = setUp();
    http
      .once('paymentHistory', page(['T5', 'T4'], 'c-1'))
      .once('paymentHistory', page(['T4', 'T3'], 'c-2'))
      .once('paymentHistory', page(['T1']));
    await browse.load();
    const more = browse.loadMore();
    expect(browse.state.loadingMore).toBe(true);
    // A second click while a page is being read asks for nothing.
    await browse.loadMore();
    await more;
    expect(browse.state.loadingMore).toBe(false);
    expect(ids()).toEqual(['T5', 'T4', 'T3']);
    await browse.loadMore();
    expect(ids()).toEqual(['T5', 'T4', 'T3', 'T1']);
    expect(browse.state.nextCursor).toBeNull();
    await browse.loadMore();
    expect(http.callsTo('paymentHistory').map((c) => c.request)).toEqual([
      { limit: 20 },
      { cursor: 'c-1', limit: 20 },
      { cursor: 'c-2', limit: 20 },
    ]);
    browse.dispose();
  });

  it('a status filter reads the first page again, without the cursor, replacing the rows', async () => {
    const { http, browse, ids } = setUp();
    http
      .once('paymentHistory', page(['T3'], 'c-1'))
      .once('paymentHistory', page(['T2'], 'c-2'))
      .once('paymentHistory', page(['F1']));
    await browse.load();
    await browse.loadMore();
    browse.setFilter('failed');
    expect(browse.state).toMatchObject({ filter: 'failed', state: 'loading' });
    await flushPromises();
    expect(ids()).toEqual(['F1']);
    expect(browse.state.nextCursor).toBeNull();
    expect(http.callsTo('paymentHistory')[2].request).toEqual({ status: 'failed', limit: 20 });
    // The filter already shown is not read again.
    browse.setFilter('failed');
    await flushPromises();
    expect(http.callsTo('paymentHistory')).toHaveLength(3);
    browse.dispose();
  });

  it('drops the answers of a filter the member has left, first page and next page alike', async () => {
    const { http, browse, ids } = setUp();
    const oldFirst = held(page(['OLD-0']));
    const oldMore = held(page(['OLD-2']));
    http
      .once('paymentHistory', oldFirst.promise)
      .once('paymentHistory', page(['OLD-1'], 'c-1'))
      .once('paymentHistory', oldMore.promise)
      .once('paymentHistory', page(['NEW']));
    const first = browse.load();
    browse.setFilter('completed');
    await flushPromises();
    oldFirst.release();
    await first;
    expect(ids()).toEqual(['OLD-1']);
    const more = browse.loadMore();
    browse.setFilter('pending');
    await flushPromises();
    oldMore.release();
    await more;
    expect(ids()).toEqual(['NEW']);
    expect(browse.state).toMatchObject({ filter: 'pending', nextCursor: null });
    browse.dispose();
  });

  it('a filter changed while more is loading leaves "load more" usable on the new list', async () => {
    const { http, browse, ids } = setUp();
    const oldMore = held(page(['OLD-2']));
    http
      .once('paymentHistory', page(['OLD-1'], 'c-1'))
      .once('paymentHistory', oldMore.promise)
      .once('paymentHistory', page(['NEW-1'], 'c-2'))
      .once('paymentHistory', page(['NEW-2']));
    await browse.load();
    const more = browse.loadMore();
    expect(browse.state.loadingMore).toBe(true);
    browse.setFilter('completed');
    await flushPromises();
    expect(browse.state).toMatchObject({ loadingMore: false, nextCursor: 'c-2' });
    oldMore.release();
    await more;
    await browse.loadMore();
    expect(ids()).toEqual(['NEW-1', 'NEW-2']);
    browse.dispose();
  });

  it('polls each pending row every 3 s until it is final, with its receipt number when completed', async () => {
    const { http, clock, browse } = setUp();
    http.on('paymentHistory', page(['P1', 'P2'], null, 'pending'));
    const statuses: Record<string, PaymentStatus[]> = {
      P1: ['pending', 'completed'],
      P2: ['failed'],
    };
    http.on('paymentStatus', ({ options }) => {
      const id = options?.pathParam ?? '';
      return answer({ status: statuses[id].shift() ?? 'pending' });
    });
    http.on(
      'transactionDetails',
      answer({
        transactionId: 'P1',
        status: 'completed',
        amount: '123.45',
        receiptNumber: 'R-2026-000042',
        refundedAmount: '0.00',
      }),
    );
    await browse.load();
    expect(clock.pendingTimers).toBe(2);
    await clock.advance(PAYMENT_POLL_MS);
    expect(browse.state.rows.map((r) => r.status)).toEqual(['pending', 'failed']);
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(PAYMENT_POLL_MS);
    expect(browse.state.rows.map((r) => [r.status, r.receiptNumber])).toEqual([
      ['completed', 'R-2026-000042'],
      ['failed', null],
    ]);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * PAYMENT_POLL_MS);
    expect(http.callsTo('paymentStatus').map((c) => c.options?.pathParam)).toEqual([
      'P1',
      'P2',
      'P1',
    ]);
    expect(http.callsTo('transactionDetails')).toHaveLength(1);
  });

  it('watches the pending rows a later page brings', async () => {
    const { http, clock, browse } = setUp();
    http
      .once('paymentHistory', page(['T2'], 'c-1'))
      .once('paymentHistory', page(['P1'], null, 'pending'));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await browse.load();
    expect(clock.pendingTimers).toBe(0);
    await browse.loadMore();
    await clock.advance(PAYMENT_POLL_MS);
    expect(http.callsTo('paymentStatus').map((c) => c.options?.pathParam)).toEqual(['P1']);
    browse.dispose();
  });

  it('stops polling, and tells nothing more, when the screen closes or the filter changes', async () => {
    const { http, clock, browse, told } = setUp();
    http
      .once('paymentHistory', page(['P1'], null, 'pending'))
      .on('paymentHistory', page(['P2'], null, 'pending'));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await browse.load();
    browse.setFilter('pending');
    await flushPromises();
    // The old filter's watch was stopped; only the new page's row is watched.
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(PAYMENT_POLL_MS);
    expect(http.callsTo('paymentStatus').map((c) => c.options?.pathParam)).toEqual(['P2']);
    const toldBefore = told.length;
    browse.dispose();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * PAYMENT_POLL_MS);
    await browse.load();
    expect(http.callsTo('paymentStatus')).toHaveLength(1);
    expect(told).toHaveLength(toldBefore);
  });

  it('drops a receipt number read after the screen closed', async () => {
    const { http, clock, browse, told } = setUp();
    const details = held(
      answer({
        transactionId: 'P1',
        status: 'completed' as const,
        amount: '123.45',
        receiptNumber: 'R-2026-000001',
        refundedAmount: '0.00',
      }),
    );
    http.on('paymentHistory', page(['P1'], null, 'pending'));
    http.on('paymentStatus', answer({ status: 'completed' }));
    http.on('transactionDetails', details.promise);
    await browse.load();
    await clock.advance(PAYMENT_POLL_MS);
    browse.dispose();
    details.release();
    await flushPromises();
    expect(told.at(-1)?.rows[0]).toMatchObject({ status: 'completed', receiptNumber: null });
    expect(browse.state.rows[0].receiptNumber).toBeNull();
  });

  it('keeps the rows shown when the next page or a status poll fails', async () => {
    const { http, clock, browse, ids } = setUp();
    http
      .once('paymentHistory', page(['P2'], 'c-1', 'pending'))
      .once('paymentHistory', failure('INTERNAL_ERROR'))
      .once('paymentHistory', page(['T1']));
    http
      .once('paymentStatus', failure('NO_ANSWER'))
      .on('paymentStatus', answer({ status: 'failed' }));
    await browse.load();
    await browse.loadMore();
    expect(ids()).toEqual(['P2']);
    expect(browse.state).toMatchObject({
      state: 'ready',
      nextCursor: 'c-1',
      loadingMore: false,
      moreFailure: expect.objectContaining({ code: 'INTERNAL_ERROR' }),
    });
    await clock.advance(PAYMENT_POLL_MS);
    expect(browse.state.rows[0].status).toBe('pending');
    await clock.advance(PAYMENT_POLL_MS);
    expect(browse.state.rows[0].status).toBe('failed');
    await browse.loadMore();
    expect(ids()).toEqual(['P2', 'T1']);
    expect(browse.state.moreFailure).toBeNull();
    expect(http.callsTo('paymentHistory')[2].request).toEqual({ cursor: 'c-1', limit: 20 });
  });

  it('a failed first page shows no rows and says why; the same filter reads it again', async () => {
    const { http, browse, ids } = setUp();
    http.once('paymentHistory', failure('NO_ANSWER')).on('paymentHistory', page(['T1']));
    await browse.load();
    expect(browse.state).toMatchObject({
      state: 'failed',
      rows: [],
      nextCursor: null,
      loadFailure: expect.objectContaining({ code: 'NO_ANSWER', key: 'paymentHistory.loadError' }),
    });
    browse.setFilter('all');
    await flushPromises();
    expect(browse.state).toMatchObject({ state: 'ready', loadFailure: null });
    expect(ids()).toEqual(['T1']);
  });
});
