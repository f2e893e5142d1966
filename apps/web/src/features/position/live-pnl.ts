import { formatUnits, netPnl, POSITION_STATUS, parseUnits, priceMove } from '@kabuto/domain';
import { toUnits } from '../../lib/format.ts';
import type { Tick } from '../../lib/quote-stream.ts';
import type { Position } from './api/positions.ts';

/**
 * A holding at the latest tick: the domain's position P&L (gross less the opening fees), the server's own
 * definition, on the position's prices and fees; `gain` is the domain's price move since entry in the
 * position's direction (not leveraged), with the wire's 2 decimals. The tick's price is a JSON number,
 * read back into units first; the maths is bigint.
 */
export function livePosition(p: Position, tick: Tick | undefined): Position {
  if (!tick || p.status !== POSITION_STATUS.holding) return p;
  const now = toUnits(tick.price);
  const open = parseUnits(p.buyPrice);
  const buyFee = parseUnits(p.buyFee);
  const stampDuty = parseUnits(p.stampDuty);
  const margin = parseUnits(p.margin);
  const qty = /^\d+$/.test(p.quantity) ? BigInt(p.quantity) : null;
  if (now === null || open === null || buyFee === null || stampDuty === null || qty === null) return p;
  const position = {
    openPrice: open,
    quantity: qty,
    direction: p.direction,
    margin: margin ?? 0n,
    buyFee,
    stampDuty,
  };
  const gain = (priceMove(position, now) / 100n) * 100n;
  return {
    ...p,
    price: formatUnits(now),
    profit: formatUnits(netPnl(position, now)),
    gain: formatUnits(gain),
  };
}
