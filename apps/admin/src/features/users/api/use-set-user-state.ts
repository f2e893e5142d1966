import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { userDetailQuery } from './use-user-detail.ts';
import { userListScope } from './use-user-list.ts';

/** POST /users/state: active / frozen / banned / restricted, with a reason. */
export function useSetUserState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.userSetState>) => call(adminApi.userSetState, body),
    onSuccess: (_d, body) => {
      void qc.invalidateQueries({ queryKey: userDetailQuery(String(body.id)).queryKey });
      void qc.invalidateQueries({ queryKey: userListScope });
    },
  });
}
