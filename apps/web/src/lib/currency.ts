import { type Currency, ISO_CODE, MINOR_UNIT, SCALE } from '@kabuto/domain';
import { toUnits } from './format.ts';

/** Symbol shown in the currency badge. */
export const CURRENCY_SYMBOL: Record<Currency, string> = {
  jpy: '¥',
  usd: '$',
  cny: '元',
  krw: '₩',
  twd: 'NT$',
  hkd: 'HK$',
  thb: '฿',
  vnd: '₫',
  myr: 'RM',
};

export const isoCode = (c: Currency): string => ISO_CODE[c];

/** Decimal places an amount of this currency may have (yen and won: whole units; dollars: cents). */
export function amountDecimals(c: Currency): number {
  const step = MINOR_UNIT[c] ?? 1n;
  return SCALE - (step.toString().length - 1);
}

const FULL_WIDTH_DIGIT = /[０-９]/g;

/**
 * What the user typed, as a plain decimal: full-width digits (Japanese IME) become half-width, separators
 * and anything else go, at most one point and the currency's decimals remain.
 */
export function cleanAmount(input: string, c: Currency): string {
  const half = input
    .replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[．。]/g, '.');
  const decimals = amountDecimals(c);
  let out = half.replace(/[^\d.]/g, '');
  const dot = out.indexOf('.');
  if (dot >= 0) {
    out =
      decimals === 0 ? out.slice(0, dot) : `${out.slice(0, dot + 1)}${out.slice(dot + 1).replace(/\./g, '')}`;
    if (decimals > 0) out = out.slice(0, dot + 1 + decimals);
  }
  out = out.replace(/^0+(?=\d)/, '');
  return out.slice(0, 16);
}

/** A positive amount in units, or null when the text is empty or not a positive decimal. */
export function positiveUnits(text: string): bigint | null {
  if (!text || text === '.') return null;
  const units = toUnits(text.endsWith('.') ? text.slice(0, -1) : text);
  return units !== null && units > 0n ? units : null;
}

/** Units → the plain decimal the user would type ("1234.5"), without trailing zeros. */
export function unitsToInput(units: bigint, c: Currency): string {
  const abs = units < 0n ? 0n : units;
  const step = MINOR_UNIT[c] ?? 1n;
  const floored = abs - (abs % step);
  const whole = floored / 10_000n;
  const frac = (floored % 10_000n).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}
