import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { copyTradeEndpoints } from '../../../lib/product-endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

const refresh = (queryClient: QueryClient) =>
  Promise.all([refreshMoney(queryClient), queryClient.invalidateQueries({ queryKey: scopes.products })]);

/** `/trade/buy_product {id, money, type, password}`: follow a product (cash → stake at the NAV now). */
export function useFollow() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(copyTradeEndpoints.follow));
  return useMutation({
    mutationFn: (x: { productId: string; amount: string; fundPassword: string; market: string }) =>
      send({ id: x.productId, money: x.amount, password: x.fundPassword, type: x.market as 'jpy' }),
    onSuccess: () => refresh(queryClient),
  });
}

/** `/trade/redeem_product {id, type}`: redeem an order after its lock-in (the stake returns to cash). */
export function useRedeem() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(copyTradeEndpoints.redeem));
  return useMutation({
    mutationFn: (x: { orderId: string; market: string }) => send({ id: x.orderId, type: x.market as 'jpy' }),
    onSuccess: () => refresh(queryClient),
  });
}
