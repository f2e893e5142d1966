import {
  type FeeOverride,
  type FeeSchedule,
  type FeeSide,
  feeSchedule,
  localDate,
  type Market,
  parseUnits,
  type TradeFees,
  tradeFees,
  type Units,
} from '@kabuto/domain';
import { percentToPpm } from './money.ts';
import type { FeeOverrideSetting } from './settings.ts';

/** The admin's per-market override (percentages, minimums) as the domain's FeeOverride. */
export function toFeeOverride(s: FeeOverrideSetting | undefined): FeeOverride {
  if (!s) return {};
  const out: FeeOverride = {};
  if (s.buy_fee !== undefined || s.buy_min !== undefined)
    out.buy = { ppm: percentToPpm(s.buy_fee ?? '0'), min: (parseUnits(s.buy_min ?? '0') as Units) ?? 0n };
  if (s.sell_fee !== undefined || s.sell_min !== undefined)
    out.sell = { ppm: percentToPpm(s.sell_fee ?? '0'), min: (parseUnits(s.sell_min ?? '0') as Units) ?? 0n };
  if (s.stamp_duty !== undefined) out.stampDutySellPpm = percentToPpm(s.stamp_duty);
  return out;
}

/** The fee schedule in force for a market at an instant (exchange-local date), with the override. */
export const effectiveFees = (
  market: Market,
  nowMs: number,
  s: FeeOverrideSetting | undefined,
): FeeSchedule => feeSchedule(market, localDate(market, nowMs), toFeeOverride(s));

/** Fees of one execution at an instant. */
export const feesOf = (
  market: Market,
  side: FeeSide,
  price: Units,
  quantity: bigint,
  nowMs: number,
  s: FeeOverrideSetting | undefined,
): TradeFees => tradeFees(market, side, price, quantity, localDate(market, nowMs), toFeeOverride(s));
