import type { DataOf, tradingApi } from '@kabuto/contract';
import { formatUnits, returnOnMargin, toUnixSeconds, type Units } from '@kabuto/domain';
import type { Lang } from '@kabuto/market';
import { nameOf } from '../../shared/market-data.ts';
import type { PositionView } from './positions.service.ts';

/** The contract's pinyin rows of the trading calls, made from what the services return. */

/** A percent at scale 4 ("12.3456") as the wire's 2 decimals, truncated toward zero ("12.34"). */
function percent2(ratio: Units): string {
  const hundredths = ratio / 100n;
  const neg = hundredths < 0n;
  const abs = neg ? -hundredths : hundredths;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const seconds = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);

/** One position row (`positionRow` of the contract). */
export function positionWire(v: PositionView, lang: Lang) {
  const p = v.row;
  return {
    id: String(p.id),
    order_no: p.order_no,
    stock_name: v.inst ? nameOf(v.inst, lang) : p.symbol,
    stock_code: p.symbol,
    market: p.market,
    buyzd: p.direction,
    ganggang: String(p.leverage),
    gdlx: p.order_type,
    buy_price: formatUnits(p.open_price ?? p.limit_price ?? 0n),
    stock_num: p.quantity.toString(),
    nowprice: formatUnits(v.price ?? p.open_price ?? p.limit_price ?? 0n),
    sell_price: formatUnits(p.close_price ?? 0n),
    credit: formatUnits(p.margin),
    yingkui: formatUnits(v.pnl),
    gain: percent2(returnOnMargin(v.pnl, p.margin)),
    buy_fee: formatUnits(p.buy_fee),
    sell_fee: formatUnits(p.sell_fee),
    stamp_duty: formatUnits(p.stamp_duty),
    status: p.status,
    buy_time: seconds(p.filled_at ?? p.created_at) as number,
    sell_time: seconds(p.closed_at),
    limit_price: p.limit_price === null ? '' : formatUnits(p.limit_price),
    close_reason: p.close_reason ?? '',
  };
}

/** Rows keyed "0", "1", … as the family's list calls answer them. */
function keyed(positions: readonly PositionView[], lang: Lang) {
  const out: Record<string, ReturnType<typeof positionWire>> = {};
  positions.forEach((v, i) => {
    out[String(i)] = positionWire(v, lang);
  });
  return out;
}

/** Open positions, plus ccsz (holding value) and fdyk (floating P&L). */
export function openListWire(
  list: { positions: readonly PositionView[]; value: Units; pnl: Units },
  lang: Lang,
): DataOf<typeof tradingApi.userStockList> {
  return { ...keyed(list.positions, lang), ccsz: formatUnits(list.value), fdyk: formatUnits(list.pnl) };
}

/** Closed and cancelled positions, plus lsyk (realised P&L). */
export function closedListWire(
  list: { positions: readonly PositionView[]; pnl: Units },
  lang: Lang,
): DataOf<typeof tradingApi.userStockLists> {
  return { ...keyed(list.positions, lang), lsyk: formatUnits(list.pnl) };
}

/** The reply of a close. */
export const soldWire = (r: { id: string; price: Units; pnl: Units }) => ({
  id: r.id,
  sell_price: formatUnits(r.price),
  yingkui: formatUnits(r.pnl),
});
