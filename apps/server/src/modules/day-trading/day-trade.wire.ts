import { type DataOf, type dayTradingApi, wirePercent } from '@kabuto/contract';
import { DAY_TRADE_STATE, formatUnits, toUnixSeconds } from '@kabuto/domain';
import type { Lang } from '@kabuto/market';
import type { ApplicationView } from './day-trade.service.ts';

/** The contract's rows of the day-trading calls (`credit`, `yingkui`, …), made from the service's views. */

type Row = DataOf<typeof dayTradingApi.applications>[number];

/** P&L as a percent of the line, 2 decimals, truncated toward zero. */
const gainOf = (pnl: bigint, amount: bigint): number =>
  amount > 0n ? wirePercent(Number((pnl * 10_000n) / amount)) : 0;

export function applicationWire(
  v: ApplicationView,
  names: (symbol: string, lang: Lang) => string,
  lang: Lang,
): Row {
  const a = v.row;
  const last = v.positions[v.positions.length - 1];
  const ended = a.settled_at ?? (a.decided_at && a.status === 2 ? a.decided_at : null);
  return {
    id: String(a.id),
    order_no: a.order_no,
    type: a.market,
    credit: formatUnits(a.amount),
    status: a.status,
    state: `dayTrade.state.${DAY_TRADE_STATE[a.status]}`,
    yingkui: formatUnits(v.pnl),
    gain: gainOf(v.pnl, a.amount),
    used: formatUnits(v.used),
    remaining: formatUnits(v.remaining),
    payout: formatUnits(a.payout ?? 0n),
    trade_date: a.trade_date,
    forced_close: v.forcedClose === null ? null : toUnixSeconds(v.forcedClose),
    reason: a.reason ?? '',
    positions: v.positions.length,
    stock_name: last ? names(last.symbol, lang) : '',
    stock_code: last?.symbol ?? '',
    create_time: toUnixSeconds(a.created_at.getTime()),
    end_time: ended ? toUnixSeconds(ended.getTime()) : null,
  };
}
