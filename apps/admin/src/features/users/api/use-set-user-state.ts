import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** POST /users/state: active / frozen / banned / restricted, with a reason. */
export function useSetUserState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.userSetState>) => call(adminApi.userSetState, body),
    onSuccess: (_d, body) => {
      void qc.invalidateQueries({ queryKey: QUERY_KEYS.userDetail(String(body.id)) });
      void qc.invalidateQueries({ queryKey: QUERY_KEYS.users });
    },
  });
}
