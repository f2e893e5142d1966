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
