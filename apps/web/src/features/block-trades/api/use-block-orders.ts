import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney, refreshPositions } from '../../../lib/api/refresh.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** `/trade/buy_stock {is_qc: 2, id, zhang, password}`: subscribe to a block offering (money held). */
export function useSubscribe() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.trading.buy));
  return useMutation({
    mutationFn: (x: { offeringId: string; shares: string; password?: string; type: string }) =>
      send({
        is_qc: 2,
        id: x.offeringId,
        zhang: x.shares,
        ...(x.password ? { password: x.password } : {}),
        type: x.type as 'jpy',
      }),
    onSuccess: () => refreshMoney(queryClient),
  });
}

/** `/trade/buy_stock {dz_type: 1, …}`: an after-market trade at the day's closing price (leverage 1). */
export function useAfterMarketBuy() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.trading.buy));
  return useMutation({
    mutationFn: (x: { symbol: string; shares: string; direction: 1 | 2; type: string }) =>
      send({
        symbol: x.symbol,
        zhang: x.shares,
        ganggan: '1',
        buyzd: x.direction,
        dz_type: 1,
        type: x.type as 'jpy',
      }),
    onSuccess: () => Promise.all([refreshMoney(queryClient), refreshPositions(queryClient)]),
  });
}
