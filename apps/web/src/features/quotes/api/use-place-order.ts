import type { Market } from '@kabuto/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { refreshPositions } from '../../../lib/api/refresh.ts';
import type { RefData, Reply } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** An order as the order panel states it. */
export interface OrderInput {
  symbol: string;
  market: Market;
  /** Shares. */
  quantity: number;
  leverage: number;
  /** 1 long (buy up), 2 short (buy down). */
  direction: 1 | 2;
  /** 1 market, 2 limit at `limitPrice` (a decimal string). */
  orderType: 1 | 2;
  limitPrice?: string;
  /** Into NISA (a cash purchase within the NISA quotas). */
  nisa?: boolean;
  /** When it executes (any time, on the open, on the close) and its last day ("day": 当日中). */
  timing?: 'any' | 'open' | 'close';
  validUntil?: string;
  /** IFD / IFDOCO: the exit placed on the position once the order fills (the wire's decimal strings). */
  ifd?: {
    kind: 'limit' | 'stop' | 'stop_limit' | 'trail' | 'oco';
    limit?: string;
    stop?: string;
    trail?: string;
    trailPct?: string;
  };
}

/**
 * `/trade/buy_stock {symbol, zhang, ganggan, buyzd, gdlx, buy_price?, type, timing?, valid_until?,
 * then_kind?, then_…?}` with an Idempotency-Key
 * (one per panel); positions and balances are asked for again after it.
 */
export function usePlaceOrder(): (
  order: OrderInput,
) => Promise<Reply<RefData<typeof endpoints.trading.buy>>> {
  const qc = useQueryClient();
  const send = useMemo(() => moneyCaller(endpoints.trading.buy), []);
  return async (o) => {
    const reply = await send({
      symbol: o.symbol,
      zhang: String(o.quantity),
      ganggan: String(o.leverage),
      buyzd: String(o.direction) as '1' | '2',
      gdlx: String(o.orderType) as '1' | '2',
      ...(o.orderType === 2 && o.limitPrice !== undefined ? { buy_price: o.limitPrice } : {}),
      type: o.market,
      ...(o.nisa ? { nisa: 1 } : {}),
      ...(o.timing ? { timing: o.timing } : {}),
      ...(o.validUntil ? { valid_until: o.validUntil } : {}),
      ...(o.ifd
        ? {
            then_kind: o.ifd.kind,
            ...(o.ifd.limit ? { then_limit: o.ifd.limit } : {}),
            ...(o.ifd.stop ? { then_stop: o.ifd.stop } : {}),
            ...(o.ifd.trail ? { then_trail: o.ifd.trail } : {}),
            ...(o.ifd.trailPct ? { then_trail_pct: o.ifd.trailPct } : {}),
          }
        : {}),
    });
    void refreshPositions(qc);
    return reply;
  };
}
