import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** A withdrawal of `amount` from the `type` wallet to the bank account `cardId`. */
export interface WithdrawInput {
  amount: string;
  cardId: string;
  fundPassword: string;
  type: RefBody<typeof endpoints.funds.withdraw>['type'];
}

/** `/user/withdrawal {money, bankid, passwords, type}` with an Idempotency-Key. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.funds.withdraw));
  return useMutation({
    mutationFn: (x: WithdrawInput) =>
      send({ money: x.amount, bankid: x.cardId, passwords: x.fundPassword, type: x.type }),
    onSuccess: () => refreshMoney(queryClient),
  });
}
