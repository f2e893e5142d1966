import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoQuery } from '../../../lib/api/use-user-info.ts';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/setPasswords {new_pass, new_passs}`: the first fund password (6 digits). */
export function useSetFundPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.account.setPasswords>) =>
      call(endpoints.account.setPasswords, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey }),
  });
}
