import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** `/user/to_hq {type, money}` with an Idempotency-Key: repay the wallet's loans (principal + interest). */
export function useRepay() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.loans.repay));
  return useMutation({
    mutationFn: (x: { type: RefBody<typeof endpoints.loans.repay>['type']; amount: string }) =>
      send({ type: x.type, money: x.amount }),
    onSuccess: () => refreshMoney(queryClient),
  });
}
