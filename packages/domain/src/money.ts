/**
 * Money and prices are bigint "units" at a fixed scale of 4 decimal places for every currency
 * (1 yen = 10_000 units). Never use `number` for money. Decimal strings cross the wire.
 */
export const SCALE = 4;
export const UNIT = 10_000n;

export type Units = bigint;

const DECIMAL_RE = /^(-)?(\d{1,20})(?:\.(\d{1,4}))?$/;

/** Parse a decimal string ("1234.5", "-0.25") into units. Returns null when not a plain decimal with ≤ 4 places. */
export function parseUnits(text: string): Units | null {
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  const value = BigInt(whole) * UNIT + BigInt(frac.padEnd(SCALE, '0'));
  return sign ? -value : value;
}

/** Units → canonical wire string with exactly 4 decimals ("1234.5000"). */
export function formatUnits(units: Units): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const whole = abs / UNIT;
  const frac = (abs % UNIT).toString().padStart(SCALE, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

export const units = (whole: bigint | number): Units => BigInt(whole) * UNIT;

/** Minor unit per currency in units (yen has no sen in practice; dollars have cents). */
export const MINOR_UNIT: Record<string, Units> = {
  jpy: UNIT,
  krw: UNIT,
  vnd: UNIT,
  twd: UNIT,
  usd: 100n,
  cny: 100n,
  hkd: 100n,
  thb: 100n,
  myr: 100n,
};

export type Rounding = 'up' | 'down';

/** Round a non-negative amount to a step (fees round up, payouts round down — the named rule). */
export function roundTo(amount: Units, step: Units, mode: Rounding): Units {
  if (step <= 0n) throw new Error('step must be positive');
  const r = amount % step;
  if (r === 0n) return amount;
  if (amount < 0n) {
    // round toward -inf for 'down', toward +inf for 'up'
    return mode === 'down' ? amount - (step + r) : amount - r;
  }
  return mode === 'down' ? amount - r : amount - r + step;
}

/** Multiply units by a rate given in parts-per-million (1% = 10_000 ppm) with a named rounding. */
export function applyPpm(amount: Units, ppm: bigint, mode: Rounding): Units {
  const num = amount * ppm;
  const q = num / 1_000_000n;
  const rem = num % 1_000_000n;
  if (rem === 0n) return q;
  if (mode === 'up') return num > 0n ? q + 1n : q;
  return num < 0n ? q - 1n : q;
}

/** A percentage as ppm: "0.30" (percent) → 3000 ppm; null when not a plain decimal with ≤ 4 places. */
export const parsePercentPpm = (percent: string): bigint | null => parseUnits(percent);

/** "0.30" percent → 3000 ppm: a percentage at 4 decimals is ppm. A malformed percentage throws. */
export function percentToPpm(percent: string): bigint {
  const ppm = parsePercentPpm(percent);
  if (ppm === null) throw new RangeError(`not a percentage: ${percent}`);
  return ppm;
}

/** price (units) × quantity (shares) → notional (units). */
export const notional = (price: Units, quantity: bigint): Units => price * quantity;

export const minUnits = (a: Units, b: Units): Units => (a < b ? a : b);
export const maxUnits = (a: Units, b: Units): Units => (a > b ? a : b);

/** ppm → percent with 2 decimals: 3000 → "0.30", 80000 → "8.00". */
export function formatPercent(ppm: bigint): string {
  const hundredths = (ppm * 100n) / 10_000n;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}
