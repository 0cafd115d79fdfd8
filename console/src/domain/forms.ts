import { ValidateBy } from 'class-validator';
import { refundAmountError, transferDateError, transferReferenceError } from './payment-rules';
import { emailError, nameError, reasonError, type RuleKey } from './rules';

/**
 * The console's form classes: what checkForm (src/contract/form-check.ts) turns typed values into
 * before class-validator checks them.
 *
 * A field checked by one of the console's rule functions: the message is the i18n key it answers,
 * so a form class and the rule beside it can never disagree. `form` is the whole instance, for a
 * rule that reads another field (what may still be refunded, today's date).
 */
function Rule<F>(rule: (value: string, form: F) => RuleKey): PropertyDecorator {
  const broken = (value: unknown, form: object): RuleKey =>
    rule(typeof value === 'string' ? value : '', form as F);
  return ValidateBy({
    name: 'consoleRule',
    validator: {
      validate: (value, args) => args !== undefined && broken(value, args.object) === null,
      defaultMessage: (args) => (args ? (broken(args.value, args.object) ?? '') : ''),
    },
  });
}

/** "Request a refund": an amount within what may still be refunded, and a reason. */
export class RefundRequestValues {
  @Rule<RefundRequestValues>((amount, form) => refundAmountError(amount, form.refundable))
  amount = '';

  @Rule(reasonError)
  reason = '';

  /** What may still be refunded, in ringgit, as the payment's answer gives it. */
  refundable = '';
}

/** Approving or rejecting a refund: a reason. */
export class RefundReasonValues {
  @Rule(reasonError)
  reason = '';
}

/** Closing a manual refund: the bank transfer's reference and its day (not after today). */
export class TransferValues {
  @Rule(transferReferenceError)
  reference = '';

  @Rule<TransferValues>((day, form) => transferDateError(day, form.today))
  transfer_date = '';

  /** Today in Malaysia, YYYY-MM-DD. */
  today = '';
}

/** A new operator: a name and an e-mail address (the role is chosen from a list). */
export class NewOperatorValues {
  @Rule(nameError)
  name = '';

  @Rule(emailError)
  email = '';
}
