import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** `/user/withdrawal {money, bankid, passwords, type}` with an Idempotency-Key. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.funds.withdrawal));
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.funds.withdrawal>) => send(body),
    onSuccess: () => refreshMoney(queryClient),
  });
}
