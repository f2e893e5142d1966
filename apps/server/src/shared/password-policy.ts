import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { refuse } from '../lib/errors.ts';

/**
 * New passwords (users and operators) follow NIST SP 800-63B §3.1.1.2: at least 8 characters, any
 * characters, no composition rules; refused when common or easy to guess (zxcvbn-ts with its lists of
 * common passwords, words and keyboard patterns: fewer than 10^6 estimated guesses) and when they are
 * the account's own name or contain it.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** zxcvbn's score 2 = at least 10^6 guesses ("somewhat guessable": fine against online guessing). */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;
const strength = () => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
};

/** Refuses a new password that breaks the policy (msg key), given the account name it belongs to. */
export function checkNewPassword(password: string, account: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) refuse('account.passwordFormat');
  const name = account.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) refuse('account.passwordIsAccount');
  if (strength().check(password, name ? [name] : []).score < MIN_SCORE) refuse('account.passwordWeak');
}
