import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { userDetailQuery } from './use-user-detail.ts';
import { userListScope } from './use-user-list.ts';

/** POST /users/credit: credit score and one currency's loan limit, with a reason. */
export function useSetUserCredit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.userSetCredit>) => call(adminApi.userSetCredit, body),
    onSuccess: (_d, body) => {
      void qc.invalidateQueries({ queryKey: userDetailQuery(String(body.id)).queryKey });
      void qc.invalidateQueries({ queryKey: userListScope });
    },
  });
}
