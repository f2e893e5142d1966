/**
 * One rule for every number a user types (amounts, share quantities, prices, codes): what was typed stays
 * in the field as it was typed; full-width digits (a Japanese IME's ０-９, ．, ，, －) and thousands commas
 * are read as the plain number they mean; anything else is refused with a visible reason and never
 * silently changed (「1.5」 shares is refused, not read as 15; 「-5」 is refused, not read as 5).
 */

/** Why typed text is not a number of its kind (an `input.*` key of the common translations). */
export type InputProblem =
  | 'notNumber'
  | 'negative'
  | 'wholeNumber'
  | 'noDecimals'
  | 'decimals'
  | 'tooLarge'
  | 'digitsOnly'
  | 'codeLength';

/** What typed text reads as: the plain value ("" while empty or refused) and why it is refused. */
export interface Reading {
  value: string;
  problem: InputProblem | null;
  /** Values the problem's message names (`{{n}}`). */
  params?: Record<string, number>;
}

const FULL_WIDTH = /[０-９．，－]/g;
const MINUS = /^[-−ー‐]/;
const SPACES = /[\s\u3000]/g;

/** Full-width digits, point, comma and minus as their half-width selves; spaces dropped. */
export function normaliseDigits(text: string): string {
  return text
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(MINUS, '-')
    .replace(SPACES, '');
}

const EMPTY: Reading = { value: '', problem: null };
const refused = (problem: InputProblem, params?: Record<string, number>): Reading => ({
  value: '',
  problem,
  ...(params ? { params } : {}),
});

/** Digits before the point an amount or a price may have (beyond the largest any wallet holds). */
const MAX_WHOLE_DIGITS = 15;
/** Share quantities: whole shares, up to 999,999,999. */
const MAX_SHARE_DIGITS = 9;

/**
 * A non-negative decimal with at most `decimals` places (thousands commas allowed): the plain decimal
 * without leading zeros or a trailing point ("１２，０００" → "12000", "0012.50" → "12.50").
 */
export function readDecimal(text: string, decimals: number): Reading {
  const plain = normaliseDigits(text);
  if (plain === '') return EMPTY;
  if (plain.startsWith('-')) return refused('negative');
  const digits = plain.replace(/,/g, '');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(digits);
  if (!m || (m[1] === '' && !m[2])) return refused('notNumber');
  const frac = m[2] ?? '';
  if (frac.length > decimals)
    return decimals === 0 ? refused('noDecimals') : refused('decimals', { n: decimals });
  const whole = m[1].replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > MAX_WHOLE_DIGITS) return refused('tooLarge');
  return { value: frac ? `${whole}.${frac}` : whole, problem: null };
}

/** An amount of money in a currency with `decimals` places (yen: whole yen). */
export const readAmount = (text: string, decimals: number): Reading => readDecimal(text, decimals);

/** A price with the instrument's `decimals` places (whether it is on the tick grid is the order check's). */
export const readPrice = (text: string, decimals: number): Reading => readDecimal(text, decimals);

/** A number of shares: a whole number ("1.5" is refused, not read as 15). */
export function readShares(text: string): Reading {
  const r = readDecimal(text, Number.POSITIVE_INFINITY);
  if (r.problem) return r;
  if (r.value.includes('.')) return refused('wholeNumber');
  return r.value.length > MAX_SHARE_DIGITS ? refused('tooLarge') : r;
}

/**
 * A code of `length` digits (a fund password, a one-time code): digits only, full-width ones read as
 * digits; a shorter code is still being typed (its value is what there is so far).
 */
export function readCode(text: string, length: number): Reading {
  const plain = normaliseDigits(text);
  if (!/^\d*$/.test(plain)) return refused('digitsOnly');
  if (plain.length > length) return refused('codeLength', { n: length });
  return { value: plain, problem: null };
}
