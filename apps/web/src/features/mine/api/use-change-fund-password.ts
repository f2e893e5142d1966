import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import type { PasswordChange } from '../validation.ts';

/** `/user/changePasswords {old_pass, new_pass, new_passs}`: change the fund password. */
export function useChangeFundPassword() {
  return useMutation({
    mutationFn: (c: PasswordChange) =>
      call(endpoints.account.changeFundPassword, { old_pass: c.old, new_pass: c.next, new_passs: c.repeat }),
  });
}
