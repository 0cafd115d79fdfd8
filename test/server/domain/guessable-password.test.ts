import { isGuessablePassword } from '../../../server/domain/ops/guessable-password';

describe("an operator's password, against the common lists", () => {
  it.each([
    '111111111111',
    'abcabcabcabc',
    '123456789012',
    'password1234',
    'P@ssw0rd1234',
    'iloveyou1234',
    'qwertyuiopasdf',
    'zaq12wsxcde3',
    'trustno1trustno1',
    'Passw0rd!2024',
  ])('refuses %s: breached, common or repetitive', (password) => {
    expect(isGuessablePassword(password)).toBe(true);
  });

  it.each([
    'a long operator password',
    'correct horse battery staple',
    'console-passphrase-2026',
    'q7Zk!w2Lp9xR',
  ])('takes %s', (password) => {
    expect(isGuessablePassword(password)).toBe(false);
  });
});
