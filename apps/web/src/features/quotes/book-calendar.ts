import {
  continuousFill,
  formatUnits,
  type LocalDate,
  lastValidDay,
  localDate,
  lockedAgainst,
  MARKET_ZONE,
  type Market,
  type OrderTiming,
  orderSession,
  tradingDaysBetween,
  type Units,
  wallClock,
} from '@kabuto/domain';
import { formatPrice } from '../../lib/quote-format.ts';

/**
 * The order sheet's calendar rules (pure): which days an until-date order may name and when and at what
 * price an order fills — the domain's order-book functions, as the server's venue runs them. They live
 * in the intraday chart's chunk, beside the exchange calendars it already carries (intraday-chart.tsx
 * re-exports them; the order sheet loads them from there), so that the calendars' code stays in one file.
 */

/**
 * The first day an order placed at `now` can trade (the day of the call it waits for, or today in
 * continuous trading), and the days it may name as its last: at most 15 trading days counting that day
 * (`lastValidDay`, as the server checks `valid_until`).
 */
export function validDays(market: Market, now: number, timing: OrderTiming): LocalDate[] {
  const s = orderSession(market, now, timing);
  const first = s.continuous ? localDate(market, now) : s.waitsFor.date;
  return tradingDaysBetween(market, first, lastValidDay(market, first));
}

/**
 * The preview of when and at what price an entry order fills, by the domain's rules the server's
 * venue runs: in continuous trading a market order (or a marketable limit) fills at the market price
 * (`continuousFill`; a market order at a locked limit waits for the close's allocation), a limit not
 * reached rests; outside it the order waits for its call (`orderSession`) and fills at the call's one
 * price when it crosses.
 */
export function fillPreview(
  t: (key: string, values?: Record<string, string>) => string,
  o: {
    market: Market;
    now: number;
    timing: OrderTiming;
    direction: 1 | 2;
    limit: Units | null;
    price: Units;
    limits: { up: Units | null; down: Units | null };
    decimals: number;
  },
): string {
  const p = (u: Units) => formatPrice(formatUnits(u), o.decimals);
  const s = orderSession(o.market, o.now, o.timing);
  if (!s.continuous) {
    const at = wallClock(MARKET_ZONE[o.market], s.waitsFor.at).replace('T', ' ');
    const call = t(`book.call.${s.waitsFor.kind}`, { at });
    return o.limit === null
      ? t('book.pv.callMarket', { call })
      : t('book.pv.callLimit', { call, limit: p(o.limit) });
  }
  if (o.limit === null && lockedAgainst(o.direction, o.price, o.limits)) return t('book.pv.locked');
  const fill = continuousFill(o.direction, o.limit, o.price);
  if (fill !== null) return t('book.pv.now', { price: p(fill) });
  return t('book.pv.rest', { limit: p(o.limit as Units) });
}
