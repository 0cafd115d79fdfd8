import { PERMISSIONS } from '../../src/contract/ops-roles';
import { checkCatalogue, loadCatalogue } from '../locales/catalogue-checks';

/**
 * The console's texts (locales/<lng>/console.json): the checks of every catalogue
 * (catalogue-checks.ts), and the texts its screens rely on.
 */
const en = loadCatalogue('en', 'console.json');

describe('console texts', () => {
  checkCatalogue({
    file: 'console.json',
    sources: 'console',
    sections: [...new Set([...en.keys()].map((key) => key.split('.')[0]))],
    keyChars: 'A-Za-z0-9_.-',
    // Strings of the console's code that look like keys and are not: permissions, file names.
    notKeys: new Set<string>([...Object.keys(PERMISSIONS), 'audit.jsonl', 'payments.csv']),
  });

  it('has the texts of the shared fields the console uses', () => {
    expect(en.has('common.showPassword') && en.has('common.hidePassword')).toBe(true);
  });

  it('names the texts of a member action and of an operator task', () => {
    for (const action of [
      'reveal',
      'sign-out-everywhere',
      'clear-throttle',
      'disable-sign-in',
      'enable-sign-in',
    ]) {
      for (const group of ['action', 'explain', 'done'])
        expect(en.has(`member.${group}.${action}`)).toBe(true);
    }
    for (const task of ['role', 'disable', 'enable', 'reset-second-factor']) {
      expect(en.has(`operators.task.${task}`) && en.has(`operators.explain.${task}`)).toBe(true);
    }
  });
});
