import type { Currency } from '../currencies.ts';
import { MINOR_UNIT, percentToPpm, roundTo, type Units } from '../money.ts';

/**
 * FX maths (the exchange of one wallet's money into another's). The FX source: a simulated feed that moves each currency a little around its configured reference
 * rate (yen per unit), minute by minute, deterministically (the same minute gives the same rate in
 * every process). A real feed would replace {@link midRates}. Rates are bigint at 12 decimal places.
 */
export const FX_RATE_DECIMALS = 12;
export const FX_RATE_SCALE = 10n ** BigInt(FX_RATE_DECIMALS);
const PPM = 1_000_000n;
const REF_DECIMALS = 8;
const REF_SCALE = 10n ** BigInt(REF_DECIMALS);

export interface FxSettings {
  /** yen per unit of each currency, decimal strings */
  fx_reference_rates: Record<Currency, string>;
  /** percent, e.g. "0.30" */
  fx_spread: string;
  /** percent amplitude of the simulated moves */
  fx_wobble: string;
}

export interface FxQuote {
  from: Currency;
  to: Currency;
  /** units of `to` per unit of `from` before the spread, × FX_RATE_SCALE */
  mid: bigint;
  /** what the user gets: mid less the spread, rounded down, × FX_RATE_SCALE */
  rate: bigint;
  spreadPpm: bigint;
}

function parseRef(text: string): bigint {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * REF_SCALE + BigInt(frac.padEnd(REF_DECIMALS, '0').slice(0, REF_DECIMALS));
}

/** A number in [-1, 1] that moves smoothly minute by minute, different per currency. */
function drift(currency: Currency, minute: number): number {
  let phase = 0;
  for (const ch of currency) phase = (phase * 31 + ch.charCodeAt(0)) % 997;
  return 0.6 * Math.sin(minute / 37 + phase) + 0.4 * Math.sin(minute / 11 + 2 * phase);
}

/** Each currency's mid rate in yen at an instant: reference × (1 + wobble), × REF_SCALE × PPM. */
function midInYen(s: FxSettings, currency: Currency, nowMs: number): bigint {
  const ref = parseRef(s.fx_reference_rates[currency]);
  if (currency === 'jpy') return ref * PPM;
  const amplitudePpm = Number(percentToPpm(s.fx_wobble));
  const wobble = BigInt(Math.round(drift(currency, Math.floor(nowMs / 60_000)) * amplitudePpm));
  return ref * (PPM + wobble);
}

export function fxQuote(s: FxSettings, from: Currency, to: Currency, nowMs: number): FxQuote {
  const mid = (midInYen(s, from, nowMs) * FX_RATE_SCALE) / midInYen(s, to, nowMs);
  const spreadPpm = percentToPpm(s.fx_spread);
  const rate = (mid * (PPM - spreadPpm)) / PPM;
  return { from, to, mid, rate, spreadPpm };
}

/** What `amount` of `from` buys: amount × rate, rounded down to the target's minor unit (payouts round down). */
export function fxConvert(amount: Units, q: FxQuote): Units {
  return roundTo((amount * q.rate) / FX_RATE_SCALE, MINOR_UNIT[q.to], 'down');
}

/** × FX_RATE_SCALE → "155.1234" (trailing zeros trimmed, at least 4 decimals). */
export function formatFxRate(r: bigint): string {
  const whole = r / FX_RATE_SCALE;
  const frac = (r % FX_RATE_SCALE).toString().padStart(FX_RATE_DECIMALS, '0').replace(/0+$/, '');
  return `${whole}.${frac.padEnd(4, '0')}`;
}
