import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { setToken } from '../../../lib/session.ts';

/** POST /auth/login: stores the token and seeds "who am I" so the menu shows at once. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.login>) => call(adminApi.login, body),
    onSuccess: (data) => {
      qc.clear();
      setToken(data.token);
      qc.setQueryData(QUERY_KEYS.me, { username: data.username, role: data.role });
    },
  });
}
