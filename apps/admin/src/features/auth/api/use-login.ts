import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { setToken } from '../../../lib/session.ts';
import { meQuery } from './use-me.ts';

/** POST /auth/login: stores the token and seeds "who am I" so the menu shows at once. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.login>) => call(adminApi.login, body),
    onSuccess: (data) => {
      qc.clear();
      setToken(data.token);
      qc.setQueryData(meQuery().queryKey, { username: data.username, role: data.role });
    },
  });
}
