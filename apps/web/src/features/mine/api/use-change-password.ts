import { useMutation } from '@tanstack/react-query';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/changePassword {old_pass, new_pass, new_passs}`: the login password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.account.changePassword>) =>
      call(endpoints.account.changePassword, body),
  });
}
