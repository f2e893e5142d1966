import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import type { RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';

/** A deposit: `amount` into the `type` wallet through `channel`, with the transfer's proof (an upload path). */
export interface DepositInput {
  amount: string;
  type: RefBody<typeof endpoints.funds.deposit>['type'];
  proof: string;
  channel: string;
  channelPassword?: string;
}

/** `/user/chongzhi {money, type, rjpz, channel, rpassword}` with an Idempotency-Key: file a deposit. */
export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.funds.deposit));
  return useMutation({
    mutationFn: (x: DepositInput) =>
      send({
        money: x.amount,
        type: x.type,
        rjpz: x.proof,
        channel: x.channel,
        rpassword: x.channelPassword,
      }),
    onSuccess: () => refreshMoney(queryClient),
  });
}
