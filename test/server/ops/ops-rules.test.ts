import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transferReferenceError } from '../../../console/src/domain/payment-rules';
import {
  emailError,
  nameError,
  passwordError,
  reasonError,
  totpCodeError,
} from '../../../console/src/domain/rules';
import { isPlausibleEmail } from '../../../server/domain/ops/operator';
import { EMAIL, TOTP_CODE } from '../../../server/ops-http/routes/sign-in-fields';
import { REASON_SCHEMA } from '../../../server/ops-http/guard';
import { reasonOf } from '../../../server/use-cases/ops/actor';
import { isOperatorPassword } from '../../../server/use-cases/ops/operator-auth.use-case';
import {
  OPERATOR_EMAIL_MAX_LENGTH,
  OPERATOR_NAME_MAX_LENGTH,
  OPERATOR_PASSWORD_MAX_LENGTH,
  OPERATOR_PASSWORD_MIN_LENGTH,
  OPS_REASON_MAX_LENGTH,
  OPS_REASON_MIN_LENGTH,
  TOTP_CODE_PATTERN,
  TRANSFER_REFERENCE_MAX_LENGTH,
} from '../../../src/contract/ops-rules';

/**
 * The console's field limits are the contract's (src/contract/ops-rules.ts) on both sides: the
 * console's forms and the server's schemas and use cases draw the same line, and neither keeps a
 * number of its own.
 */
const ROOT = join(__dirname, '..', '..', '..');
const x = (length: number) => 'x'.repeat(length);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the console rules shared through the contract', () => {
  it('draw the reason line at the same length in the console, the schema and the use cases', () => {
    expect(REASON_SCHEMA).toMatchObject({
      minLength: OPS_REASON_MIN_LENGTH,
      maxLength: OPS_REASON_MAX_LENGTH,
    });
    for (const [length, ok] of [
      [OPS_REASON_MIN_LENGTH - 1, false],
      [OPS_REASON_MIN_LENGTH, true],
      [OPS_REASON_MAX_LENGTH, true],
      [OPS_REASON_MAX_LENGTH + 1, false],
    ] as const) {
      expect(reasonOf(x(length)) !== null).toBe(ok);
      expect(reasonError(x(length)) === null).toBe(ok);
    }
  });

  it("draw the operator password's and name's and a transfer reference's lines alike", () => {
    for (const [length, ok] of [
      [OPERATOR_PASSWORD_MIN_LENGTH - 1, false],
      [OPERATOR_PASSWORD_MIN_LENGTH, true],
      [OPERATOR_PASSWORD_MAX_LENGTH, true],
      [OPERATOR_PASSWORD_MAX_LENGTH + 1, false],
    ] as const) {
      expect(isOperatorPassword(x(length))).toBe(ok);
      expect(passwordError(x(length)) === null).toBe(ok);
    }
    expect(nameError(x(OPERATOR_NAME_MAX_LENGTH))).toBeNull();
    expect(nameError(x(OPERATOR_NAME_MAX_LENGTH + 1))).not.toBeNull();
    expect(transferReferenceError(x(TRANSFER_REFERENCE_MAX_LENGTH))).toBeNull();
    expect(transferReferenceError(x(TRANSFER_REFERENCE_MAX_LENGTH + 1))).not.toBeNull();
  });

  it("draw an operator's e-mail and an authenticator code alike in the console and server", () => {
    expect(EMAIL).toMatchObject({ maxLength: OPERATOR_EMAIL_MAX_LENGTH });
    const domain = '@ops.example';
    const longest = `${x(OPERATOR_EMAIL_MAX_LENGTH - domain.length)}${domain}`;
    for (const [email, ok] of [
      [longest, true],
      [`x${longest}`, false],
      ['no-at-sign.example', false],
      ['two words@ops.example', false],
    ] as const) {
      expect(isPlausibleEmail(email)).toBe(ok);
      expect(emailError(email) === null).toBe(ok);
    }
    const schemaCode = new RegExp(TOTP_CODE.pattern, 'u');
    for (const [code, ok] of [
      ['123456', true],
      ['12345', false],
      ['1234567', false],
      ['12a456', false],
    ] as const) {
      expect(TOTP_CODE_PATTERN.test(code)).toBe(ok);
      expect(schemaCode.test(code)).toBe(ok);
      expect(totpCodeError(code) === null).toBe(ok);
    }
  });

  it('are not written out again as numbers in the console or the ops routes and use cases', () => {
    const limits = [
      OPS_REASON_MAX_LENGTH,
      OPERATOR_PASSWORD_MIN_LENGTH,
      OPERATOR_PASSWORD_MAX_LENGTH,
      OPERATOR_NAME_MAX_LENGTH,
    ].join('|');
    const repeated = new RegExp(
      `(?:reason|password|name|reference)[\\w.]*\\s*(?:[<>]=?|={1,3})\\s*(?:${limits})\\b|(?:reason|password|name|reference)[\\w.]*\\s*[:=]\\s*\\{[^}]*Length:\\s*(?:${limits})\\b`,
      'i',
    );
    const dirs = ['console/src', 'server/ops-http', 'server/use-cases/ops'];
    const found = dirs
      .flatMap((dir) => sources(join(ROOT, dir)))
      .filter((file) => repeated.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(ROOT.length + 1));
    expect(found).toEqual([]);
  });
});
