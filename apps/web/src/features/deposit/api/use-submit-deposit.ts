import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** `/user/chongzhi {money, type, rjpz, channel, rpassword}` with an Idempotency-Key: file a deposit. */
export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.funds.chongzhi));
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.funds.chongzhi>) => send(body),
    onSuccess: () => refreshMoney(queryClient),
  });
}
