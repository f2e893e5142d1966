import { type Currency, ISO_CODE } from './currencies.ts';
import { SCALE, type Units } from './money.ts';

/**
 * Money for people, in both apps: units (4 decimals) rounded half away from zero once, to the shown
 * decimals, with thousands separators and the currency's own sign — $1,234.50, 1,234.50円, ₩1,235,
 * 1,234.50元, and the ISO code after the figure for the rest (1,234.50 HKD). bigint maths only.
 */

/** Decimals shown per currency: two, but none for won and dong (no minor unit in practice). */
export const DISPLAY_DECIMALS: Readonly<Record<Currency, number>> = {
  jpy: 2,
  usd: 2,
  cny: 2,
  krw: 0,
  twd: 2,
  hkd: 2,
  thb: 2,
  vnd: 0,
  myr: 2,
};

/** "1234567" → "1,234,567". */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Units at `decimals` places (0–4), rounded half away from zero, with separators: 12345000n, 2 → "1,234.50". */
export function displayDecimal(units: Units, decimals = 2): string {
  const places = Math.max(0, Math.min(SCALE, Math.trunc(decimals)));
  const negative = units < 0n;
  let abs = negative ? -units : units;
  const drop = 10n ** BigInt(SCALE - places);
  const rest = abs % drop;
  abs = abs / drop + (rest * 2n >= drop ? 1n : 0n);
  const scale = 10n ** BigInt(places);
  const frac = places > 0 ? `.${(abs % scale).toString().padStart(places, '0')}` : '';
  return `${negative && abs !== 0n ? '-' : ''}${groupThousands((abs / scale).toString())}${frac}`;
}

/** A figure already written out ("-1,234.50", "1.23億") with its currency's sign: "-$1,234.50", "1.23億円". */
export function withCurrencySign(text: string, currency: Currency): string {
  const sign = text.startsWith('-') ? '-' : '';
  const digits = sign ? text.slice(1) : text;
  switch (currency) {
    case 'jpy':
      return `${text}円`;
    case 'usd':
      return `${sign}$${digits}`;
    case 'krw':
      return `${sign}₩${digits}`;
    case 'cny':
      return `${text}元`;
    default:
      return `${text} ${ISO_CODE[currency]}`;
  }
}

/** An amount of money for display: displayMoney(12345000n, 'usd') → "$1,234.50"; 'jpy' → "1,234.50円". */
export const displayMoney = (units: Units, currency: Currency): string =>
  withCurrencySign(displayDecimal(units, DISPLAY_DECIMALS[currency]), currency);
