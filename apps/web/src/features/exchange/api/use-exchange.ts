import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

type Body = RefBody<typeof endpoints.funds.exchange>;

/** An exchange: `amount` of `from` into `to`. */
export interface ExchangeInput {
  amount: string;
  from: Body['from'];
  to: Body['to'];
}

/** `/user/rotation {money, from, to}` with an Idempotency-Key: exchange at the current rate. */
export function useExchange() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.funds.exchange));
  return useMutation({
    mutationFn: (x: ExchangeInput) => send({ money: x.amount, from: x.from, to: x.to }),
    onSuccess: () => refreshMoney(queryClient),
  });
}
