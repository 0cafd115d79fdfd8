import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's scores run 0 to 4; below 3 a password falls to fewer than 10^8 guesses. An operator's
 * password of 12 characters or more scores below it when it is one of the common passwords (the
 * 49,000 of zxcvbn-ts' common list, breached ones first) or built from them, a repetition
 * (`111111111111`, `abcabcabcabc`), a sequence or a keyboard walk (`qwertyuiopasdf`).
 */
const LEAST_SCORE = 3;

/** Built on first use: reading the dictionaries takes a tenth of a second, and memory. */
let estimator: ZxcvbnFactory | undefined;

/**
 * Whether a password is one an attacker guesses early: common, breached, repetitive. Checked
 * against the local lists the package ships, never over the network.
 */
export function isGuessablePassword(password: string): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator.check(password).score < LEAST_SCORE;
}
