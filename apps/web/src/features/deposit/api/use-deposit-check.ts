import { useMutation } from '@tanstack/react-query';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/ischongzhi {money, type, rpassword, channel}`: the deposit pre-check (nothing is written). */
export function useDepositCheck() {
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.funds.ischongzhi>) => call(endpoints.funds.ischongzhi, body),
  });
}
