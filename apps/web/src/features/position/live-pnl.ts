import { formatUnits, netPnl, POSITION_STATUS, parseUnits, returnOnMargin } from '@kabuto/domain';
import type { Tick } from '../../lib/quote-stream.ts';
import type { PositionRow } from './api/positions.ts';

/**
 * A holding's P&L at the latest tick: the domain's position P&L (gross less the opening fees), the
 * server's own definition, on the row's prices and fees. Percent is of the margin held.
 */
export function livePosition(row: PositionRow, tick: Tick | undefined): PositionRow {
  if (!tick || row.status !== POSITION_STATUS.holding) return row;
  const now = parseUnits(tick.price);
  const open = parseUnits(row.buy_price);
  const buyFee = parseUnits(row.buy_fee);
  const stampDuty = parseUnits(row.stamp_duty);
  const margin = parseUnits(row.credit);
  const qty = /^\d+$/.test(row.stock_num) ? BigInt(row.stock_num) : null;
  if (now === null || open === null || buyFee === null || stampDuty === null || qty === null) return row;
  const live = netPnl(
    { openPrice: open, quantity: qty, direction: row.buyzd, margin: margin ?? 0n, buyFee, stampDuty },
    now,
  );
  const gain = margin && margin > 0n ? formatUnits(returnOnMargin(live, margin)) : row.gain;
  return { ...row, nowprice: tick.price, yingkui: formatUnits(live), gain };
}
