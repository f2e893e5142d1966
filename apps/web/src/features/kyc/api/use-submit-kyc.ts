import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMoney } from '../../../lib/api/refresh.ts';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/shiming {realname, id_card, frontcard, backcard, privacy}`: submit identity verification. */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.kyc.submit>) => call(endpoints.kyc.submit, body),
    onSuccess: () => refreshMoney(queryClient),
  });
}
