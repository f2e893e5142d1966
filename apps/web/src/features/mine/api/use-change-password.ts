import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import type { PasswordChange } from '../validation.ts';

/** `/user/changePassword {old_pass, new_pass, new_passs}`: the login password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (c: PasswordChange) =>
      call(endpoints.account.changePassword, { old_pass: c.old, new_pass: c.next, new_passs: c.repeat }),
  });
}
