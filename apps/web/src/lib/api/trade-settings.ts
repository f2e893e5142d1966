import {
  clampLeverage,
  DEFAULT_LEVERAGE_LISTS,
  type FeeOverride,
  type FeeRate,
  type Market,
  marketLeverageCap,
  parsePercentPpm,
  parseUnits,
} from '@kabuto/domain';
import type { StartupConfig } from '../startup-config.ts';

/**
 * Trading settings from the start-up config (`/common/config {type:'all'}`): the leverage list and the
 * fee rates per market. Values may be JSON or plain text; anything missing falls back to the defaults
 * the server also starts from (the domain's leverage lists per market, fees from the domain's per-market
 * tables), so the order panel can always show an estimate — the server computes the real figures. The
 * leverage list is clamped to the market's legal cap, as the server clamps it.
 */

const LEVERAGE_KEYS = ['trading_leverage', 'leverage_list', 'leverage', 'ganggan', 'leverages'];
const FEE_KEYS = ['trading_fees', 'trade_fees', 'fees', 'fee_rates'];

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toNumberList(value: unknown): number[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[,/|\s]+/)
      : value && typeof value === 'object'
        ? Object.values(value)
        : [];
  const list = items.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0 && n <= 100);
  return [...new Set(list)].sort((a, b) => a - b);
}

/** The leverage multiples the user may choose, for a market when the config lists them per market. */
export function leverageList(config: StartupConfig, market: Market): readonly number[] {
  for (const key of LEVERAGE_KEYS) {
    const value = parseJson(config[key]);
    if (value === undefined) continue;
    const perMarket =
      value && typeof value === 'object' && !Array.isArray(value) && market in value
        ? (value as Record<string, unknown>)[market]
        : value;
    const list = toNumberList(perMarket);
    if (list.length) return clampLeverage(list, marketLeverageCap(market));
  }
  return DEFAULT_LEVERAGE_LISTS[market];
}

/** A percentage of the config ("0.05" = 0.05%, or a number) → ppm; undefined when absent or negative. */
function configPpm(value: unknown): bigint | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const ppm = parsePercentPpm(String(value));
  return ppm === null || ppm < 0n ? undefined : ppm;
}

function rateOf(value: unknown, fallbackMin?: unknown): FeeRate | undefined {
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const ppm = configPpm(o.rate ?? o.percent ?? o.pct);
    if (ppm === undefined) return undefined;
    const min = parseUnits(String(o.min ?? fallbackMin ?? '0')) ?? 0n;
    return { ppm, min };
  }
  const ppm = configPpm(value);
  return ppm === undefined ? undefined : { ppm, min: parseUnits(String(fallbackMin ?? '0')) ?? 0n };
}

/** Fee overrides for a market when the config carries them ({jpy:{buy_fee, buy_min, sell_fee, sell_min, stamp_duty}}, percent). */
export function feeOverride(config: StartupConfig, market: Market): FeeOverride {
  for (const key of FEE_KEYS) {
    const value = parseJson(config[key]);
    if (!value || typeof value !== 'object') continue;
    const row = (value as Record<string, unknown>)[market];
    if (!row || typeof row !== 'object') continue;
    const r = row as Record<string, unknown>;
    const out: FeeOverride = {};
    const buy = rateOf(r.buy_fee ?? r.buy, r.buy_min ?? r.min);
    const sell = rateOf(r.sell_fee ?? r.sell, r.sell_min ?? r.min);
    const stamp = configPpm(r.stamp ?? r.stamp_duty);
    if (buy) out.buy = buy;
    if (sell) out.sell = sell;
    if (stamp !== undefined) out.stampDutySellPpm = stamp;
    return out;
  }
  return {};
}
