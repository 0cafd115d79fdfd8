import fc from 'fast-check';
import { formatSen } from '../../../src/contract/money';
import { REFUND_STATUSES, STEP_UP_WINDOW_MS } from '../../../src/contract/ops-payments-api';
import {
  canMove,
  isSecondPerson,
  isSteppedUp,
  parseRefundAmount,
  refundable,
  stepUpUntil,
} from '../../../server/domain/ops/refund';
import { FakeClock } from '../../fakes/fake-clock';

const aStatus = fc.constantFrom(...REFUND_STATUSES);
const someRefunds = fc.array(
  fc.record({ amountSen: fc.integer({ min: 1, max: 1_000_000 }), status: aStatus }),
  { maxLength: 20 },
);

describe('refund amounts', () => {
  it.each([
    ['12.50', 1_250],
    ['0.01', 1],
    ['100', 10_000],
    [' 7.5 ', 750],
  ])('reads %p as %p sen', (text, sen) => {
    expect(parseRefundAmount(text)).toEqual({ ok: true, value: sen });
  });

  it.each([
    ['0', 'not_positive'],
    ['0.00', 'not_positive'],
    ['-1', 'format'],
    ['1.234', 'format'],
    ['1e3', 'format'],
    ['', 'format'],
    ['RM5', 'format'],
  ])('refuses %p (%s)', (text, error) => {
    expect(parseRefundAmount(text)).toEqual({ ok: false, error });
  });

  it('reads back every amount it formats, in sen, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), (sen) => {
        expect(parseRefundAmount(formatSen(sen))).toEqual({ ok: true, value: sen });
      }),
    );
  });
});

describe('what may still be refunded', () => {
  it('is the amount less the refunds requested, approved or refunded, whatever their order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), someRefunds, (amount, refunds) => {
        const held = refunds
          .filter((r) => r.status !== 'rejected' && r.status !== 'refund_failed')
          .reduce((sum, r) => sum + r.amountSen, 0);
        expect(refundable(amount, refunds)).toBe(amount - held);
        expect(refundable(amount, [...refunds].reverse())).toBe(amount - held);
      }),
    );
  });

  it('grants refunds one by one only while they fit: their sum never passes the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 7 }),
        fc.array(fc.integer({ min: 1, max: 10 ** 7 }), { maxLength: 30 }),
        (amount, asked) => {
          const granted: { amountSen: number; status: 'requested' }[] = [];
          for (const amountSen of asked) {
            if (amountSen <= refundable(amount, granted)) {
              granted.push({ amountSen, status: 'requested' });
            }
          }
          const total = granted.reduce((sum, r) => sum + r.amountSen, 0);
          expect(total).toBeLessThanOrEqual(amount);
          expect(refundable(amount, granted)).toBe(amount - total);
          expect(refundable(amount, granted)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('frees the amount of a rejected or failed refund', () => {
    expect(
      refundable(10_000, [
        { amountSen: 3_000, status: 'rejected' },
        { amountSen: 3_000, status: 'refund_failed' },
        { amountSen: 2_000, status: 'refunded' },
        { amountSen: 1_000, status: 'approved' },
      ]),
    ).toBe(7_000);
  });
});

describe('two people and the order of steps', () => {
  it('lets only someone other than the requester decide', () => {
    expect(isSecondPerson('op-a', 'op-b')).toBe(true);
    expect(isSecondPerson('op-a', 'op-a')).toBe(false);
  });

  it('moves as the database trigger allows', () => {
    const allowed = REFUND_STATUSES.flatMap((from) =>
      REFUND_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'requested->approved',
        'requested->rejected',
        'approved->refunded',
        'approved->refund_failed',
        'refund_failed->approved',
        'refund_failed->refunded',
      ].sort(),
    );
  });
});

describe('the step-up window on a fake clock', () => {
  it('counts a second factor for five minutes, then asks for it again', async () => {
    const clock = new FakeClock();
    const given = new Date(clock.now());
    expect(stepUpUntil(given).getTime()).toBe(given.getTime() + STEP_UP_WINDOW_MS);
    expect(isSteppedUp(given, clock.now())).toBe(true);
    await clock.advance(STEP_UP_WINDOW_MS - 1);
    expect(isSteppedUp(given, clock.now())).toBe(true);
    await clock.advance(1);
    expect(isSteppedUp(given, clock.now())).toBe(false);
    const again = new Date(clock.now());
    expect(isSteppedUp(again, clock.now())).toBe(true);
  });
});
