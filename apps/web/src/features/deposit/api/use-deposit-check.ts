import { useMutation } from '@tanstack/react-query';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/**
 * The channel password's field on the wire: messages name a field by it (its label is `fields.rpassword`,
 * as in the server's refusals), and the form's input carries it as its name.
 */
export const CHANNEL_PASSWORD_FIELD = 'rpassword';

/** What the deposit pre-check is asked about. */
export interface DepositCheckInput {
  amount: string;
  type: RefBody<typeof endpoints.funds.depositCheck>['type'];
  /** The channel's password. */
  channelPassword?: string;
  channel: string;
}

/** `/user/ischongzhi {money, type, rpassword, channel}`: the deposit pre-check (nothing is written). */
export function useDepositCheck() {
  return useMutation({
    mutationFn: (x: DepositCheckInput) =>
      call(endpoints.funds.depositCheck, {
        money: x.amount,
        type: x.type,
        rpassword: x.channelPassword,
        channel: x.channel,
      }),
  });
}
