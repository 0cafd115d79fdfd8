import { checkForm } from '../../src/contract/form-check';
import {
  NewOperatorValues,
  RefundRequestValues,
  TransferValues,
} from '../../console/src/domain/forms';

describe("the console's refund forms through checkForm", () => {
  it('turns the typed values into the form class before checking them', () => {
    const { form, errors } = checkForm(RefundRequestValues, {
      amount: 'RM 12.50',
      reason: 'Charged twice',
      refundable: '20.00',
    });
    expect(form).toBeInstanceOf(RefundRequestValues);
    expect(errors).toEqual({});
  });

  it.each([
    [
      { amount: '', reason: '' },
      { amount: 'errors.amountRequired', reason: 'errors.reasonRequired' },
    ],
    [
      { amount: '1.234', reason: 'ok' },
      { amount: 'errors.amountFormat', reason: 'errors.reasonLength' },
    ],
    [{ amount: '0', reason: 'Charged twice' }, { amount: 'errors.amountZero' }],
    [{ amount: '20.01', reason: 'Charged twice' }, { amount: 'errors.amountOver' }],
  ])('a refund request of %p answers %p', (typed, expected) => {
    expect(checkForm(RefundRequestValues, { ...typed, refundable: '20.00' }).errors).toEqual(
      expected,
    );
  });

  it("closes a transfer with a reference and a day not after today's", () => {
    const today = '2026-12-08';
    const check = (reference: string, day: string) =>
      checkForm(TransferValues, { reference, transfer_date: day, today }).errors;
    expect(check('FT123', '2026-12-08')).toEqual({});
    expect(check(' ', '2026-12-09')).toEqual({
      reference: 'errors.referenceRequired',
      transfer_date: 'errors.dateFuture',
    });
    expect(check('x'.repeat(101), '8/12/2026')).toEqual({
      reference: 'errors.referenceLength',
      transfer_date: 'errors.dateFormat',
    });
  });
});

describe("the console's new-operator form through checkForm", () => {
  it.each([
    [{ name: 'Siti', email: 'siti@example.my' }, {}],
    [
      { name: ' ', email: '' },
      { name: 'errors.nameRequired', email: 'errors.emailRequired' },
    ],
    [
      { name: 'x'.repeat(101), email: 'siti@' },
      { name: 'errors.nameLength', email: 'errors.emailFormat' },
    ],
  ])('%p answers %p', (typed, expected) => {
    expect(checkForm(NewOperatorValues, typed).errors).toEqual(expected);
  });
});
