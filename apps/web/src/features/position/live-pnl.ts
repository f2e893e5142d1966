import { formatUnits, parseUnits } from '@kabuto/domain';
import type { Tick } from '../../lib/quote-stream.ts';
import type { PositionRow } from './api/positions.ts';

/**
 * A holding's P&L moved to the latest tick: the server's figure plus the price move since its `nowprice`
 * (× quantity × direction), so fees and rounding stay the server's. Percent is of the margin held.
 */
export function livePosition(row: PositionRow, tick: Tick | undefined): PositionRow {
  if (!tick || row.status !== 0) return row;
  const now = parseUnits(tick.price);
  const then = parseUnits(row.nowprice);
  const pnl = parseUnits(row.yingkui);
  const qty = /^\d+$/.test(row.stock_num) ? BigInt(row.stock_num) : null;
  if (now === null || then === null || pnl === null || qty === null) return row;
  const dir = row.buyzd === 2 ? -1n : 1n;
  const live = pnl + (now - then) * qty * dir;
  const margin = parseUnits(row.credit);
  const gain = margin && margin > 0n ? formatUnits((live * 1_000_000n) / margin) : row.gain;
  return { ...row, nowprice: tick.price, yingkui: formatUnits(live), gain };
}
