import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '../../server/use-cases/messages';
import { disallowedCharactersMessage, FIELD_LABELS, FIELD_RULES } from '../../server/http/errors';
import { serverMessageOr } from '../../src/ui/app/notifier';

const en = JSON.parse(
  readFileSync(join(__dirname, '../../locales/en/translation.json'), 'utf8'),
) as Record<string, unknown>;

const exists = (key: string): boolean =>
  typeof key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) === 'string';

describe('server messages become translated texts', () => {
  it.each(Object.entries(MESSAGES))(
    'the server\'s "%s" message maps to a key English has',
    (_, message) => {
      const shown = serverMessageOr(message, 'login.failed');
      expect('key' in shown && exists(shown.key)).toBe(true);
    },
  );

  it.each(Object.entries(FIELD_RULES))(
    "a 400 naming %s shows that field's rule, never the field name",
    (field, rule) => {
      const shown = serverMessageOr(`${field}: ${rule}.`, 'signUp.registrationFailed');
      expect('key' in shown && exists(shown.key)).toBe(true);
    },
  );

  it.each([...Object.keys(FIELD_LABELS), 'remark', null])(
    'the 400 for disallowed characters in %s becomes one translated text',
    (field) => {
      const shown = serverMessageOr(disallowedCharactersMessage(field), 'login.failed');
      expect(shown).toEqual({ key: 'serverMessages.disallowedCharacters' });
      expect(exists('serverMessages.disallowedCharacters')).toBe(true);
    },
  );

  it('a message naming a field nobody mapped falls back to the fallback key', () => {
    expect(serverMessageOr('body: must be a JSON object.', 'profile.toast.updateFailed')).toEqual({
      key: 'profile.toast.updateFailed',
    });
  });

  it('the session and not-found messages the API sends are translated', () => {
    expect(serverMessageOr('Your session has ended. Please log in again.', 'x')).toEqual({
      key: 'session.expired',
    });
    expect(serverMessageOr('Transaction not found.', 'x')).toEqual({
      key: 'paymentStatus.notFoundText',
    });
  });

  it('keeps any other server text as it is, and uses the fallback when there is none', () => {
    expect(serverMessageOr('Amount too large', 'payment.messages.createFailed')).toEqual({
      text: 'Amount too large',
    });
    expect(serverMessageOr('  ', 'payment.messages.createFailed')).toEqual({
      key: 'payment.messages.createFailed',
    });
  });
});
