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
}

/**
 * `/trade/buy_stock {symbol, zhang, ganggan, buyzd, gdlx, buy_price?, type}` with an Idempotency-Key
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
    });
    void refreshPositions(qc);
    return reply;
  };
}
