import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** `/user/to_jq {type, money}` with an Idempotency-Key: apply for a loan (reviewed by an operator). */
export function useBorrow() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.loans.apply));
  return useMutation({
    mutationFn: (x: { type: RefBody<typeof endpoints.loans.apply>['type']; amount: string }) =>
      send({ type: x.type, money: x.amount }),
    onSuccess: () => refreshMoney(queryClient),
  });
}
