import { useMutation } from '@tanstack/react-query';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/changePasswords {old_pass, new_pass, new_passs}`: change the fund password. */
export function useChangeFundPassword() {
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.account.changePasswords>) =>
      call(endpoints.account.changePasswords, body),
  });
}
