import type { Market } from '@kabuto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** `/trade/buy_newstock {id, zhang, type}` with an Idempotency-Key: apply for `shares` of an offering. */
export function useApply() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.newShares.apply));
  return useMutation({
    mutationFn: (x: { id: string; shares: number; market: Market }) =>
      send({ id: x.id, zhang: String(x.shares), type: x.market }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: scopes.newShares }), refreshMoney(queryClient)]),
  });
}

/** `/trade/newstock_abstain {id, type}`: decline a win (application id) before the payment deadline. */
export function useAbstain() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.newShares.decline));
  return useMutation({
    mutationFn: (x: { id: string; market: Market }) => send({ id: x.id, type: x.market }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: scopes.newShares }), refreshMoney(queryClient)]),
  });
}
