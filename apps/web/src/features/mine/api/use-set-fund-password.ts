import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoQuery } from '../../../lib/api/use-user-info.ts';
import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import type { PasswordChange } from '../validation.ts';

/** `/user/setPasswords {new_pass, new_passs}`: the first fund password (6 digits). */
export function useSetFundPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: Omit<PasswordChange, 'old'>) =>
      call(endpoints.account.setFundPassword, { new_pass: c.next, new_passs: c.repeat }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey }),
  });
}
