import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** `/user/rotation {money, from, to}` with an Idempotency-Key: exchange at the current rate. */
export function useExchange() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.funds.rotation));
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.funds.rotation>) => send(body),
    onSuccess: () => refreshMoney(queryClient),
  });
}
