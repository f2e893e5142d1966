import type { LocalDate } from '../markets/time.ts';
import type { Units } from '../money.ts';
import { nisaQuotasOn } from './rates.ts';

/**
 * NISA (2024 onwards) as Kabuto offers it: cash purchases (leverage 1, long, not a day trade) of listed
 * stocks into the growth quota, counted at the order's value in yen; gains and dividends received through
 * the broker are tax-free. Each year's purchases count against the year's quota; the lifetime quota counts
 * the book value bought less the book value sold in earlier years (a sale frees quota the next year).
 */
export interface NisaUsage {
  /** yen of NISA purchases this year */
  yearUsed: Units;
  /** yen of book value bought, less the book value sold before this year */
  lifetimeUsed: Units;
}

export interface NisaOrder {
  leverage: number;
  direction: 1 | 2;
  dayTrade: boolean;
  /** the order's value in yen (price × shares at the trade date's TTM) */
  amount: Units;
}

export type NisaRefusal =
  | { code: 'tax.nisaNotOpen' }
  | { code: 'tax.nisaCashOnly' }
  | { code: 'tax.nisaNotOffered' }
  | { code: 'tax.nisaYearQuota'; left: Units }
  | { code: 'tax.nisaLifetimeQuota'; left: Units };

/** NISA takes cash purchases only: leverage 1, long, not a day trade. */
export const isNisaOrderKind = (o: Pick<NisaOrder, 'leverage' | 'direction' | 'dayTrade'>): boolean =>
  o.leverage === 1 && o.direction === 1 && !o.dayTrade;

/** Why a NISA order is refused, or null when it fits (one rule for the order sheet and the server). */
export function nisaRefusal(
  open: boolean,
  order: NisaOrder,
  usage: NisaUsage,
  date: LocalDate,
): NisaRefusal | null {
  if (!open) return { code: 'tax.nisaNotOpen' };
  if (!isNisaOrderKind(order)) return { code: 'tax.nisaCashOnly' };
  const q = nisaQuotasOn(date);
  if (!q) return { code: 'tax.nisaNotOffered' };
  const yearLeft = q.growthYearly - usage.yearUsed;
  if (order.amount > yearLeft) return { code: 'tax.nisaYearQuota', left: yearLeft > 0n ? yearLeft : 0n };
  // only the growth quota is offered: its lifetime cap binds before the overall one
  const cap = q.growthLifetime < q.lifetime ? q.growthLifetime : q.lifetime;
  const lifeLeft = cap - usage.lifetimeUsed;
  if (order.amount > lifeLeft) return { code: 'tax.nisaLifetimeQuota', left: lifeLeft > 0n ? lifeLeft : 0n };
  return null;
}
