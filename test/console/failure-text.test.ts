import { ERROR_HTTP_STATUS, type ErrorCode } from '../../src/contract/errors';
import { FAILURE_TEXTS, failureText } from '../../console/src/ui/shared/failure-text';
import { loadCatalogue } from '../locales/catalogue-checks';

/** The console's error-text table: every code the API can answer has its own entry and text. */
describe('console failure texts', () => {
  const en = loadCatalogue('en', 'console.json');
  const codes = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

  it('has an entry for every code of the contract, each an English text', () => {
    expect(codes.filter((code) => !Object.hasOwn(FAILURE_TEXTS, code))).toEqual([]);
    expect(Object.values(FAILURE_TEXTS).filter((key) => !en.has(key))).toEqual([]);
  });

  it('names a request the server could not read, not "something went wrong"', () => {
    for (const code of ['INVALID_JSON', 'BODY_TOO_LARGE', 'URL_TOO_LONG'] as const)
      expect(failureText({ code })).toBe('errors.invalidRequest');
    expect(failureText({ code: 'INTERNAL_ERROR' })).toBe('errors.serverFault');
  });

  it('says a member-only answer is one, and falls back for a code it does not know', () => {
    expect(failureText({ code: 'SMS_COOLDOWN' })).toBe('errors.memberApiOnly');
    expect(failureText({ code: 'FROM_A_NEWER_SERVER' as ErrorCode })).toBe('errors.generic');
  });

  it('names a passkey the browser refused by the reason it gave', () => {
    expect(failureText({ code: 'PASSKEY_CEREMONY', reason: 'ORIGIN_REFUSED' })).toBe(
      'errors.passkeyOrigin',
    );
  });
});
